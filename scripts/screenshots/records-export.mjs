// Issue 13 items 4 and 12: 生产记录 in time order with its 导出列表 button, and the export's progress,
// into docs/screenshots/ at 1440x900: records-export-button, records-export-progress. Build first
// (node scripts/ensure-built.mjs: the simulator's library is used from dist), start a server (CAPTCHA=off,
// ADMIN_PASSWORD=Admin12345) and pass its address:
//   node scripts/screenshots/records-export.mjs http://127.0.0.1:18642
// A task of the 智能网关 product is seeded by the simulator's seedFactory and 40 devices are tested through
// the station API, a few failing; the download is slowed to 2 KB/s in the browser (Chromium's network
// emulation) so the progress line stays on screen long enough to be shot.
import path from 'node:path';
import { openBrowser, signIn } from './harness.mjs';

const { codesReader, consoleLogin, deviceOf, GATEWAY, itemValue, seedFactory, seededRandom, StationClient } = await import(
  path.resolve(import.meta.dirname, '../../packages/simulator/dist/index.js')
);

const base = process.argv[2] ?? 'http://127.0.0.1:18642';
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const TESTED = 40;

const { api } = await consoleLogin(base, 'admin', password);
const seeded = await seedFactory(api, base, {
  lines: [{ lineName: '总装一线', lineNum: `ZZ_${stamp}` }],
  products: [{ ...GATEWAY, number: `GW_100_${stamp}`, code: `GW100${stamp}` }],
  tasks: [{ productNumber: `GW_100_${stamp}`, lineNums: [`ZZ_${stamp}`], units: 200, stations: 4, expireDays: 14 }],
  padPrefix: `EXP${stamp}`,
  operatorPrefix: 'li_na',
  operatorPassword: 'Station123',
  operatorCount: 1,
});
const task = seeded.tasks[0];
const codes = await codesReader(api)(task.taskId);

const stations = new Map();
for (const login of task.stations) {
  const client = new StationClient({ baseUrl: base });
  await client.login(login.terminalCode, login.username, login.password);
  const assignment = await client.assignment();
  stations.set(assignment.flowOrder, { client, assignment });
}

// Devices start a minute apart; every seventh fails its third flow.
const random = seededRandom(13);
const start = Date.now() - (TESTED + 30) * 60_000;
for (let sequence = 1; sequence <= TESTED; sequence++) {
  const device = deviceOf(task.taskId, sequence, codes[sequence - 1]);
  let clock = start + sequence * 60_000;
  const steps = sequence % 7 === 0 ? [[1, true], [2, true], [3, false]] : [[1, true], [2, true], [3, true], [4, true]];
  for (const [flow, pass] of steps) {
    const { client, assignment } = stations.get(flow);
    const startTime = clock;
    clock += 8_000 + Math.floor(random() * 6_000);
    const outcome = await client.submit({
      productionCode: device.code,
      sn: device.sn,
      mac: device.mac,
      startTime,
      endTime: clock,
      autoValues: assignment.items.map((item) => ({ itemId: item.id, value: itemValue(item, random, pass) })),
      manualResults: assignment.manualItems.map((item) => ({ itemId: item.id, pass: true })),
    });
    if (!outcome.ok) throw new Error(`${device.code} at flow ${flow}: ${outcome.message}`);
  }
}
console.log('task', task.taskId, TESTED, 'devices tested');

const { browser, page, shot } = await openBrowser(base);
try {
  await signIn(page, password);
  await page.goto(`/productionLog?id=${task.taskId}`);
  await page.getByText(codes[TESTED - 1]).first().waitFor();
  await page.mouse.move(720, 895);
  await shot('records-export-button');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 2048, uploadThroughput: -1 });
  await page.getByRole('button', { name: '导出列表' }).click();
  await page.getByRole('status').getByText(/已接收 [1-9]/).waitFor({ timeout: 30_000 });
  await page.mouse.move(720, 895);
  await shot('records-export-progress');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByText(`已导出 ${TESTED} 条记录`).waitFor({ timeout: 30_000 });
} finally {
  await browser.close();
  for (const { client } of stations.values()) await client.logout();
}
