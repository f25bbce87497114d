// npm run demo [-- simulator options]: the server on a fresh demo database, a factory seeded
// through the API (lines, PADs, users, two published products, two running tasks) and the
// simulator testing units at every station, so every page of the console has live data; a
// warehouse at a PDA stocks the passed units in batches, spot-checks them and ships accepted ones;
// DTU benches at 配件检测 PADs test DTU units, the units reporting to the server's MQTT broker; the
// DTU tasks are submitted as units are judged and a sampling terminal samples the batches.
// It runs until Ctrl-C: when a task is over the simulator plans the next one on the same line
// and PADs (--continuous) and says which. Ctrl-C stops the simulator (it answers the results
// in flight), then the server.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
/** The administrator password of the demo unless ADMIN_PASSWORD is set (README, docs/simulator.md). */
const DEMO_ADMIN_PASSWORD = 'Demo12345';

execFileSync(process.execPath, [path.join(root, 'scripts/ensure-built.mjs')], { cwd: root, stdio: 'inherit' });
const { demoPlan } = await import(path.join(root, 'packages/simulator/dist/index.js'));

const dataDir = path.join(root, 'data/demo');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '8080';
const adminPassword = process.env.ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD;
const browsable = host === '0.0.0.0' ? '127.0.0.1' : host;
const url = `http://${browsable}:${port}`;

/** `wanted` when the host lets the embedded broker take it (0: any free port), null when it is held. */
const freePort = (wanted) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(null));
    probe.listen(wanted, host, () => {
      const taken = probe.address().port;
      probe.close(() => resolve(taken));
    });
  });
// The server's embedded broker takes the DTU units' reports unless MQTT_URL names the factory's broker. A Mosquitto
// often holds 1883 already: the demo's broker then takes another port, where the simulator's units publish.
const mqttPort = process.env.MQTT_PORT || String((await freePort(1883)) ?? (await freePort(0)));
const mqttUrl = process.env.MQTT_URL || `mqtt://${browsable}:${mqttPort}`;

// Own process groups: a Ctrl-C reaches this script only, which stops the two in order.
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    HOST: host,
    PORT: port,
    DATABASE_URL: `file:${path.join(dataDir, 'factory.db')}`,
    FILES_DIR: path.join(dataDir, 'files'),
    ADMIN_PASSWORD: adminPassword,
    CAPTCHA: 'off',
    MQTT_PORT: mqttPort,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let simulator = null;
let stopping = false;

const exited = (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  if (simulator && simulator.exitCode === null) {
    simulator.kill('SIGINT');
    const late = setTimeout(() => simulator.kill('SIGKILL'), 15_000);
    await exited(simulator);
    clearTimeout(late);
  }
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await exited(server);
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// Whatever ends this script, the server and the simulator end with it.
process.on('exit', () => {
  for (const child of [simulator, server]) if (child && child.exitCode === null) child.kill('SIGKILL');
});
server.once('exit', (code) => {
  if (stopping) return;
  console.error(`the server stopped (exit ${code}); is port ${port} in use? (set PORT to use another)`);
  void stopAll(1);
});

const deadline = Date.now() + 30_000;
for (;;) {
  try {
    if ((await fetch(`${url}/api/docs/json`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline || stopping) {
    console.error('the server did not start within 30 s');
    await stopAll(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const args = process.argv.slice(2);
const { values } = parseArgs({ args, options: { stations: { type: 'string' } }, strict: false });
const plan = demoPlan({ stations: Number(values.stations) || 20 });
const manualPads = plan.tasks.map((task, index) => `${plan.padPrefix}-${index + 1}-M1 (${task.productNumber})`);
const { warehouse } = plan;
// --no-warehouse leaves the PDAs and the 仓库质检员 seeded but idle.
const warehouseOn = !args.includes('--no-warehouse');
const dtu = plan.accessories.testing;
const dtuOn = !args.includes('--no-dtu');
const dtuManual = dtu.tasks.flatMap((task) => (task.manualPads ?? []).map((pad) => `${pad.code} (${task.fittingType})`));
const dtuBenches = dtu.tasks.flatMap((task) => task.benches.map((bench) => bench.pad.code));
// Sampling of the submitted DTU batches: a simulated bench and a terminal left to a person (docs/simulator.md).
const sampling = plan.accessories.sampling;
const samplingManual = sampling.tasks.flatMap((task) => (task.manualPad ? [`${task.manualPad.code} (抽检 ${task.taskName})`] : []));
const samplingBenches = sampling.tasks.map((task, index) => `${task.pad.code} (${sampling.userPrefix}${String(index + 1).padStart(2, '0')}@admin)`);
console.log(`
工厂生产检测管理平台 demo: ${url}  (data in data/demo, wiped at every start)
  console      admin / ${adminPassword}  (platform administrator)
               ${plan.supervisor.name}@admin / ${plan.supervisor.password}  (生产主管: products, tasks, records, dashboards)
  station app  ${url}/station  terminal ${manualPads.join(' or ')}, user ${plan.manualStation.name}@admin / ${plan.manualStation.password}
               (flow 1 of each task; scan codes from the end of 导出生产码: the simulator works from the start)
  PDA          ${url}/station  terminal ${warehouse.manualPda.code}, user ${warehouse.user.name}@admin / ${warehouse.user.password}
               (仓库质检员: 入库 · 抽检 · 出库 at the PDA, 抽检管理 and 出库记录 in the console)
  配件检测     ${url}/station  terminal ${dtuManual.join(' or ')}, user ${dtu.manualUser.name}@admin / ${dtu.manualUser.password}
               (PAD APP → 配件检测; the tasks: 配件管理 → the DTU part → a DTU's 任务, 返工模式, 检测日志)
               sampling terminal ${samplingManual.join(' or ')}, the same user (a task's 提交记录, 抽检, 检验报告)
  simulated    ${plan.operatorPrefix}01@admin … at ${plan.padPrefix}-1-01 …, password ${plan.operatorPassword}
               ${warehouseOn ? `the warehouse at ${warehouse.pda.code} (${warehouse.user.name}@admin)` : 'no warehouse (--no-warehouse)'}
               ${
  dtuOn
    ? `DTU benches at ${dtuBenches.join(', ')} (${dtu.userPrefix}01@admin …), units publishing to ${mqttUrl}\n` +
      `               the DTU tasks submitted as units are judged, batches sampled at ${samplingBenches.join(', ')}`
    : 'no DTU benches (--no-dtu)'
}
When a task is over the next one is planned on the same line and PADs (the output says which).${
  warehouseOn ? '\nThe warehouse stocks passed units in batches, spot-checks each closed batch and ships accepted ones:\n抽检管理 and 出库记录 fill within the first minutes.' : ''
}
Ctrl-C stops the simulator and the server.
`);

simulator = spawn(
  process.execPath,
  [
    path.join(root, 'packages/simulator/dist/main.js'),
    '--url',
    url,
    '--admin-password',
    adminPassword,
    '--seed-factory',
    // A demo runs until Ctrl-C: a finished task is followed by the next (docs/simulator.md).
    '--continuous',
    '--repair-delay',
    '15',
    '--mqtt-url',
    mqttUrl,
    ...args,
  ],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
);
simulator.once('exit', (code) => {
  if (stopping) return;
  console.log(
    // With --continuous the simulator ends only when stopped or when no station could sign in.
    code === 0
      ? `the simulator ended (no station could go on); the server keeps running at ${url} (Ctrl-C stops it)`
      : `the simulator stopped (exit ${code}); the server keeps running at ${url} (Ctrl-C stops it)`,
  );
});
