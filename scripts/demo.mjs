// npm run demo [-- simulator options]: the server on a fresh demo database, a factory seeded
// through the API (lines, PADs, users, two published products, two running tasks) and the
// simulator testing units at every station, so every page of the console has live data; a
// warehouse at a PDA stocks the passed units in batches, spot-checks them and ships accepted ones.
// It runs until Ctrl-C: when a task is over the simulator plans the next one on the same line
// and PADs (--continuous) and says which. Ctrl-C stops the simulator (it answers the results
// in flight), then the server.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
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
console.log(`
工厂生产检测管理平台 demo: ${url}  (data in data/demo, wiped at every start)
  console      admin / ${adminPassword}  (platform administrator)
               ${plan.supervisor.name}@admin / ${plan.supervisor.password}  (生产主管: products, tasks, records, dashboards)
  station app  ${url}/station  terminal ${manualPads.join(' or ')}, user ${plan.manualStation.name}@admin / ${plan.manualStation.password}
               (flow 1 of each task; scan codes from the end of 导出生产码: the simulator works from the start)
  PDA          ${url}/station  terminal ${warehouse.manualPda.code}, user ${warehouse.user.name}@admin / ${warehouse.user.password}
               (仓库质检员: 入库 · 抽检 · 出库 at the PDA, 抽检管理 and 出库记录 in the console)
  simulated    ${plan.operatorPrefix}01@admin … at ${plan.padPrefix}-1-01 …, password ${plan.operatorPassword}
               ${warehouseOn ? `the warehouse at ${warehouse.pda.code} (${warehouse.user.name}@admin)` : 'no warehouse (--no-warehouse)'}
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
