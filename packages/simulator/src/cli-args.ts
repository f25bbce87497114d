import { parseArgs } from 'node:util';
import { BAD_DAY_FACTOR } from './warehouse.js';

export interface CliOptions {
  url: string;
  stations: number;
  rate: number;
  failureRate: number;
  repairDelaySeconds: number;
  units: number;
  seedFactory: boolean;
  continuous: boolean;
  /** run the finished-goods warehouse at the seeded PDA (on with --seed-factory unless --no-warehouse) */
  warehouse: boolean;
  /** per-unit probability that a spot-checked unit is defective, on an ordinary day */
  spotDefectRate: number;
  /** run the DTU benches at the seeded parts-check PADs (on with --seed-factory unless --no-dtu) */
  dtu: boolean;
  /** DTU units per minute per bench */
  dtuRate: number;
  /** share of DTU units with a fault */
  dtuFailureRate: number;
  /** units judged on a DTU task between two submits (提交); 0 never submits */
  dtuSubmitEvery: number;
  /** the broker the DTU units publish to */
  mqttUrl: string;
  adminUser: string;
  adminPassword: string;
  stationUser: string;
  stationPassword: string;
  reportEverySeconds: number;
  randomSeed: number | undefined;
  help: boolean;
}

export const USAGE = `Usage: npm run simulate -- [options]

Drives PAD stations over the station API: each signs in, reads its assignment,
tests units at its flow with values drawn around the standard, and submits.

  --url <url>             server address (default http://127.0.0.1:8080)
  --stations <n>          stations to run (default 20)
  --rate <r>              results per second per station (default 1; 0 = as fast as the server answers)
  --failure-rate <f>      share of results that fail, 0 to 1 (default 0.05)
  --repair-delay <s>      seconds a failed unit is away before its retest (default 20)
  --seed-factory          first seed lines, PADs, users, two products and running tasks
  --units <n>             units of the larger seeded task (default 3000)
  --continuous            with --seed-factory: when a task is over, plan the next one (same product,
                          line and PADs) and go on until Ctrl-C (npm run demo does)
  --no-warehouse          with --seed-factory: no warehouse at the seeded PDA (by default it stocks
                          passed units in batches, spot-checks each closed batch and ships accepted ones)
  --spot-defect-rate <f>  share of spot-checked units found defective, 0 to 1 (default 0.005; one
                          batch in ten has a bad day, ${BAD_DAY_FACTOR} times as many)
  --no-dtu                with --seed-factory: no DTU benches at the seeded 配件检测 PADs (by default
                          they test DTU units of the seeded DTU tasks, the units reporting over MQTT)
  --dtu-rate <r>          DTU units per minute per bench (default 12; 0 = as fast as the server answers)
  --dtu-failure-rate <f>  share of DTU units with a fault, 0 to 1 (default 0.08)
  --dtu-submit-every <n>  submit (提交) a DTU task every n units judged, the first batch at n/2, so the
                          seeded sampling terminal samples the batches (default 20; 0 = never)
  --mqtt-url <url>        the broker the DTU units publish to (default $MQTT_URL, else the server's
                          embedded broker: mqtt://<host of --url>:1883)
  --admin-user <name>     console user that seeds and reads codes (default admin)
  --admin-password <pw>   its password (default $ADMIN_PASSWORD)
  --station-user <name>   without --seed-factory: user signing in at every station (default the admin user)
  --station-password <pw> its password (default the admin password)
  --report-every <s>      seconds between progress lines (default 5)
  --random-seed <n>       repeat the same value draws
  -h, --help              this text

The server must run with CAPTCHA=off (npm run demo does).`;

/** The broker the DTU units publish to: MQTT_URL (the server's too), else the server's embedded broker on its host. */
export function defaultMqttUrl(serverUrl: string, env: Record<string, string | undefined> = process.env): string {
  if (env.MQTT_URL) return env.MQTT_URL;
  let host = '127.0.0.1';
  try {
    host = new URL(serverUrl).hostname || host;
  } catch {
    // a bad --url is reported where it is used
  }
  return `mqtt://${host}:1883`;
}

function number(name: string, text: string | undefined, fallback: number, check: (value: number) => boolean, rule: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || !check(value)) throw new Error(`--${name} must be ${rule}, got "${text}"`);
  return value;
}

/** The command line, checked; throws an Error naming the bad option. */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined> = process.env): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string' },
      stations: { type: 'string' },
      rate: { type: 'string' },
      'failure-rate': { type: 'string' },
      'repair-delay': { type: 'string' },
      units: { type: 'string' },
      'seed-factory': { type: 'boolean', default: false },
      continuous: { type: 'boolean', default: false },
      warehouse: { type: 'boolean' },
      'spot-defect-rate': { type: 'string' },
      dtu: { type: 'boolean' },
      'dtu-rate': { type: 'string' },
      'dtu-failure-rate': { type: 'string' },
      'dtu-submit-every': { type: 'string' },
      'mqtt-url': { type: 'string' },
      'admin-user': { type: 'string' },
      'admin-password': { type: 'string' },
      'station-user': { type: 'string' },
      'station-password': { type: 'string' },
      'report-every': { type: 'string' },
      'random-seed': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
    // --no-warehouse, --no-dtu
    allowNegative: true,
  });
  const adminUser = values['admin-user'] ?? 'admin';
  const seedFactory = values['seed-factory'] ?? false;
  const adminPassword = values['admin-password'] ?? env.ADMIN_PASSWORD ?? '';
  const url = (values.url ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const options: CliOptions = {
    url,
    stations: number('stations', values.stations, 20, (n) => Number.isInteger(n) && n >= 1 && n <= 500, 'a whole number from 1 to 500'),
    rate: number('rate', values.rate, 1, (n) => n >= 0 && n <= 1000, 'a number from 0 to 1000'),
    failureRate: number('failure-rate', values['failure-rate'], 0.05, (n) => n >= 0 && n <= 1, 'a number from 0 to 1'),
    repairDelaySeconds: number('repair-delay', values['repair-delay'], 20, (n) => n >= 0, 'zero or more seconds'),
    units: number('units', values.units, 3000, (n) => Number.isInteger(n) && n >= 1 && n <= 100_000, 'a whole number from 1 to 100000'),
    seedFactory,
    continuous: values.continuous ?? false,
    warehouse: values.warehouse ?? seedFactory,
    spotDefectRate: number('spot-defect-rate', values['spot-defect-rate'], 0.005, (n) => n >= 0 && n <= 1, 'a number from 0 to 1'),
    dtu: values.dtu ?? seedFactory,
    dtuRate: number('dtu-rate', values['dtu-rate'], 12, (n) => n >= 0 && n <= 6000, 'a number from 0 to 6000'),
    dtuFailureRate: number('dtu-failure-rate', values['dtu-failure-rate'], 0.08, (n) => n >= 0 && n <= 1, 'a number from 0 to 1'),
    dtuSubmitEvery: number('dtu-submit-every', values['dtu-submit-every'], 20, (n) => Number.isInteger(n) && n >= 0 && n <= 100_000, 'a whole number from 0 to 100000'),
    mqttUrl: values['mqtt-url'] ?? defaultMqttUrl(url, env),
    adminUser,
    adminPassword,
    stationUser: values['station-user'] ?? adminUser,
    stationPassword: values['station-password'] ?? adminPassword,
    reportEverySeconds: number('report-every', values['report-every'], 5, (n) => n > 0, 'more than 0 seconds'),
    randomSeed: values['random-seed'] === undefined ? undefined : number('random-seed', values['random-seed'], 0, Number.isInteger, 'a whole number'),
    help: values.help ?? false,
  };
  if (!options.help && !options.adminPassword) throw new Error('give the administrator password: --admin-password or ADMIN_PASSWORD');
  // The next task reuses the seeded plan's product, line and PADs; without a plan there is nothing to repeat.
  if (options.continuous && !options.seedFactory) throw new Error('--continuous needs --seed-factory');
  // The warehouse works at the seeded PDA with the seeded 仓库质检员.
  if (options.warehouse && !options.seedFactory) throw new Error('--warehouse needs --seed-factory');
  // The benches work at the seeded 配件检测 PADs with the seeded 配件检测员 users.
  if (options.dtu && !options.seedFactory) throw new Error('--dtu needs --seed-factory');
  if (options.dtu && !/^(mqtts?|wss?|tcp|ssl):\/\/./.test(options.mqttUrl)) throw new Error(`--mqtt-url must look like mqtt://host:1883, got "${options.mqttUrl}"`);
  return options;
}
