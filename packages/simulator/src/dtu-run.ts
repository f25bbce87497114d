import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { type BatchDetailItem, DTU_SUBMISSION_ENDPOINTS, dtuReportTopic } from '@factory/contracts';
import { connect } from 'mqtt';
import type { ConsoleApi } from './console-client.js';
import { DtuPadClient } from './dtu-pad-client.js';
import { runSamplingBench } from './dtu-sampling-bench.js';
import type { DtuSamplerLogin } from './dtu-sampling-seed.js';
import type { DtuBenchLogin } from './dtu-seed.js';
import { type DtuLink, DtuStats, RepairQueue, runDtuBench } from './dtu-station.js';
import { BatchSubmitter } from './dtu-submitter.js';
import { UnitSerials } from './dtu-unit.js';
import { seededRandom } from './random.js';
import { StationRefusal } from './station-client.js';

/*
 * The DTU side of a run (DESIGN.md §9.4, §9.5): a bench per seeded PAD in 配件检测 mode,
 * the units on its fixture publishing to the broker the server listens on; the tasks
 * submitted (提交) as units are judged, and a sampling bench at each bound sampling
 * terminal sampling the batches.
 */

/** An MQTT link of one bench's fixture: publishes a unit's report on the unit's topic, QoS 1. */
export interface MqttLink extends DtuLink {
  /** resolves true once connected, false when the broker did not answer within the wait */
  readonly connected: Promise<boolean>;
  close(): Promise<void>;
}

/** How long a report waits for the broker's acknowledgement before the bench goes on without it. */
const PUBLISH_TIMEOUT_MS = 5_000;

/**
 * The fixture's connection to the broker. It reconnects by itself; a report the broker
 * does not acknowledge in 5 s is given up on (mqtt.js may still deliver it later), so
 * a lost broker slows the bench (the unit's values never come) but never stops it.
 */
export function mqttLink(url: string, clientId: string, connectWaitMs = 5_000): MqttLink {
  const client = connect(url, { clientId, clean: true, reconnectPeriod: 2_000, connectTimeout: connectWaitMs });
  // Errors are answered by the reconnects and by the failed publishes; unhandled they would end the process.
  client.on('error', () => {});
  const connected = new Promise<boolean>((resolve) => {
    client.once('connect', () => resolve(true));
    setTimeout(() => resolve(false), connectWaitMs).unref();
  });
  return {
    connected,
    async publish(unitCode, report) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the broker at ${url} did not acknowledge within ${PUBLISH_TIMEOUT_MS / 1000} s`)), PUBLISH_TIMEOUT_MS);
      });
      try {
        await Promise.race([client.publishAsync(dtuReportTopic(unitCode), JSON.stringify(report), { qos: 1 }), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await client.endAsync(true);
    },
  };
}

/** The units of a batch as the console lists them (提交批次的设备), a page of a thousand at a time. */
export function batchUnitsOf(api: ConsoleApi): (batchId: number) => Promise<BatchDetailItem[]> {
  return async (batchId) => {
    const units: BatchDetailItem[] = [];
    for (let page = 1; ; page++) {
      const answer = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordDetailList, { batchId, page, pageSize: 1000 });
      units.push(...answer.list);
      if (answer.list.length < 1000 || units.length >= answer.total) return units;
    }
  };
}

export interface DtuRunOptions {
  baseUrl: string;
  mqttUrl: string;
  benches: readonly DtuBenchLogin[];
  /** units per minute per bench; 0 = as fast as the server answers */
  rate: number;
  failureRate: number;
  randomSeed?: number;
  /** shares of scans of a unit tested before, and of units reporting before their scan (the benches' defaults otherwise) */
  rescanRate?: number;
  earlyReportRate?: number;
  valueWaitMs?: number;
  /** how often a paused bench, or a sampling bench with no batch waiting, looks again (the benches' defaults otherwise) */
  pollMs?: number;
  /** where the units' serials start (default: from the clock) */
  serialStart?: number;
  /** the console session that submits the tasks (submitEvery) and lists a batch's units (samplers) */
  api?: ConsoleApi;
  /** judged units of a task between two submits (提交); 0 or absent: the run submits nothing */
  submitEvery?: number;
  /** the sampling terminals bound to the tasks (seedDtuSampling), a sampling bench at each; they need `api` */
  samplers?: readonly DtuSamplerLogin[];
  /** the fixtures' broker links (tests pass fakes); mqttLink by default */
  linkOf?: (bench: { pad: { terminalCode: string } }) => MqttLink;
  log?: (line: string) => void;
}

export interface DtuRun {
  readonly stats: DtuStats;
  /** benches whose PAD signed in */
  readonly benches: number;
  /** sampling benches whose terminal signed in */
  readonly samplers: number;
  /** failed units waiting for a rework bench */
  repairsWaiting(): number;
  readonly done: Promise<void>;
  /** takes no new unit; the unit in hand is finished, then every terminal signs out */
  stop(): Promise<void>;
  abort(): void;
}

/**
 * Signs every bench's PAD (and serial terminal) in, connects its fixture to the
 * broker and runs it; with a console session, submits the tasks every `submitEvery`
 * judged units and runs a sampling bench at each sampling terminal. A bench whose
 * sign-in is refused is left out and logged; a bench that fails later is logged and
 * ends, the others go on.
 */
export async function startDtuTesting(options: DtuRunOptions): Promise<DtuRun> {
  const log = options.log ?? (() => {});
  const stats = new DtuStats();
  // Failed units wait for repair only where a rework bench of their model works.
  const repairs = new RepairQueue(new Set(options.benches.filter((bench) => bench.reworkTask).map((bench) => bench.dtuType)));
  const serials = new UnitSerials(options.serialStart);
  const abort = new AbortController();
  // Every client of the run listens to the one signal.
  setMaxListeners(0, abort.signal);
  const seed = options.randomSeed ?? Date.now();
  let stopping = false;
  const clients: DtuPadClient[] = [];
  const links: MqttLink[] = [];
  const runs: Promise<void>[] = [];
  const api = options.api;
  const submitter = new BatchSubmitter(
    async (taskId) => {
      if (!api) throw new Error('no console session to submit with');
      return api(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmit, { taskId });
    },
    api ? (options.submitEvery ?? 0) : 0,
    stats,
    log,
  );
  const linkOf = async (bench: { pad: { terminalCode: string } }) => {
    const link = options.linkOf?.(bench) ?? mqttLink(options.mqttUrl, `sim-${bench.pad.terminalCode}-${randomBytes(3).toString('hex')}`);
    links.push(link);
    if (!(await link.connected)) log(`DTU bench ${bench.pad.terminalCode}: the broker at ${options.mqttUrl} does not answer yet; its units' reports wait for it`);
    return link;
  };
  const ended = (terminalCode: string) => (error: unknown) => {
    if (abort.signal.aborted) return;
    const reason = error instanceof StationRefusal ? `${error.status} ${error.message}` : (error as Error).message;
    log(`DTU bench ${terminalCode}: stopped by an error: ${reason}`);
  };

  const signIn = async (login: { terminalCode: string; username: string; password: string }) => {
    const client = new DtuPadClient({ baseUrl: options.baseUrl, signal: abort.signal });
    await client.login(login.terminalCode, login.username, login.password);
    clients.push(client);
    return client;
  };

  for (const [index, bench] of options.benches.entries()) {
    let pad: DtuPadClient;
    let serial: DtuPadClient | null = null;
    try {
      pad = await signIn(bench.pad);
      if (bench.serial) serial = await signIn(bench.serial);
    } catch (error) {
      if (!(error instanceof StationRefusal)) throw error;
      log(`DTU bench ${bench.pad.terminalCode}: sign-in refused (${error.status} ${error.message}); left out`);
      continue;
    }
    const link = await linkOf(bench);
    const run = runDtuBench(
      { pad, serial, link, dtuType: bench.dtuType, standardVoltage: bench.standardVoltage, bandRate: bench.bandRate },
      {
        random: seededRandom(seed + 7_919 * (index + 1)),
        rate: options.rate,
        failureRate: options.failureRate,
        ...(options.rescanRate === undefined ? {} : { rescanRate: options.rescanRate }),
        ...(options.earlyReportRate === undefined ? {} : { earlyReportRate: options.earlyReportRate }),
        ...(options.valueWaitMs === undefined ? {} : { valueWaitMs: options.valueWaitMs }),
        ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
        serials,
        repairs,
        stats,
        stopping: () => stopping,
        signal: abort.signal,
        onJudged: () => submitter.unitJudged(bench.taskId),
        log,
      },
    )
      // A bench that ended on its own (the task finished, its Excel used up) leaves its task's last units to submit.
      .then(() => (stopping ? undefined : submitter.taskEnded(bench.taskId)))
      .catch(ended(bench.pad.terminalCode));
    runs.push(run);
  }

  let samplers = 0;
  for (const [index, sampler] of (api ? (options.samplers ?? []) : []).entries()) {
    let pad: DtuPadClient;
    try {
      pad = await signIn(sampler.pad);
    } catch (error) {
      if (!(error instanceof StationRefusal)) throw error;
      log(`sampling bench ${sampler.pad.terminalCode}: sign-in refused (${error.status} ${error.message}); left out`);
      continue;
    }
    const link = await linkOf(sampler);
    samplers += 1;
    const run = runSamplingBench(
      { pad, link, unitsOfBatch: batchUnitsOf(api!), standardVoltage: sampler.standardVoltage, bandRate: sampler.bandRate },
      {
        random: seededRandom(seed + 104_723 * (index + 1)),
        rate: options.rate,
        stats,
        stopping: () => stopping,
        signal: abort.signal,
        ...(options.valueWaitMs === undefined ? {} : { valueWaitMs: options.valueWaitMs }),
        ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
        log,
      },
    ).catch(ended(sampler.pad.terminalCode));
    runs.push(run);
  }

  const done = Promise.all(runs).then(async () => {
    await submitter.settled();
    await Promise.all(clients.map((client) => client.logout()));
    await Promise.all(links.map((link) => link.close()));
  });
  return {
    stats,
    benches: runs.length - samplers,
    samplers,
    repairsWaiting: () => repairs.size(),
    done,
    async stop() {
      stopping = true;
      await done;
    },
    abort() {
      stopping = true;
      abort.abort(new Error('DTU testing aborted'));
    },
  };
}
