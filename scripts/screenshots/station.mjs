// Screenshots of the station app (/station) on a tablet (1280x800) and a handheld (412x915) into
// docs/screenshots/station-<state>-<tablet|handheld>.png. Start a fresh server first (CAPTCHA=off,
// ADMIN_PASSWORD=Admin12345) and pass its address:
//   node scripts/screenshots/station.mjs http://127.0.0.1:18631
// A line, PADs, a worker holding PAD APP, a published product whose flows check values and a
// started task are made through the console API as admin; a few earlier results through the
// station API, so today's list is not empty.
/* global window, document -- the functions handed to the page run in the browser */
import { ENDPOINTS } from '@factory/contracts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { adminApi, dayFromToday, out, seedLines, seedWorker, stationApi } from './harness.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:18631';
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const stamp = Date.now().toString(36).slice(-4).toUpperCase();

// A user made under admin signs in as name@admin.
const WORKER_NAME = `wang_li_${stamp.toLowerCase()}`;
const WORKER = `${WORKER_NAME}@admin`;
const WORKER_PASSWORD = 'Station123';

async function seedPad(api, lineId, terminalCode, terminalName) {
  const categories = Object.keys(await api(ENDPOINTS.terminalCategory, { terminalType: 'PAD' }));
  await api(ENDPOINTS.terminalAdd, { terminalCode, terminalName, terminalType: 'PAD', categoryId: Number(categories[0]), lineId });
  const pads = await api(ENDPOINTS.padList, { lineIds: lineId });
  return pads.find((pad) => pad.name === terminalName).id;
}

/** A published gateway whose 上电检测 checks four values of every type and 整机终检 one. */
async function seedProduct(api) {
  const lookup = async (endpoint, label) => (await api(endpoint)).find((item) => item.name.includes(label)).id;
  const productId = await api(ENDPOINTS.productCreate, {
    productTypeId: await lookup(ENDPOINTS.productTypes, '网关'),
    number: `GW_100_${stamp}`,
    code: `GW100_${stamp}`,
    connectInternet: true,
    communicationId: 'WIFI',
    dataFormatId: await lookup(ENDPOINTS.dataFormats, 'JSON'),
    description: '家用智能网关',
  });
  const volt = await lookup(ENDPOINTS.units, '伏特');
  const props = [
    { name: '供电电压', code: 'voltage', dataTypeId: 'float', min: '0', max: '5', unitId: volt, description: '板载供电电压' },
    { name: '电源开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', description: '主电源状态' },
    { name: '信号档位', code: 'signal_level', dataTypeId: 'enum', enumerates: { 0: '弱', 1: '中', 2: '强' }, description: '无线信号档位' },
    { name: '固件版本', code: 'firmware_version', dataTypeId: 'string', length: '16', description: '当前固件版本号' },
  ];
  for (const prop of props) await api(ENDPOINTS.propertyAdd, { productId, valueDescription: '', ...prop });
  const list = (await api(ENDPOINTS.propertyList, { productId, pageSize: 0 })).list;
  const id = (code) => list.find((prop) => prop.code === code).id;
  const flows = [
    [
      '上电检测',
      [
        { id: id('voltage'), intervalNumber: 1, normalValue: '3.1', normalValueMax: '3.5' },
        { id: id('power'), normalBoolean: 1 },
        { id: id('signal_level'), normalEnums: ['1', '2'] },
        { id: id('firmware_version'), normalStr: 'v2.1.0' },
      ],
      ['外壳无划痕', '标签端正'],
    ],
    ['整机终检', [{ id: id('power'), normalBoolean: 1 }], ['包装完好']],
  ];
  for (const [name, items, manualItems] of flows) {
    const form = new FormData();
    form.append('productFlowParams', JSON.stringify({ productId, name, bindMac: name === '上电检测', items, manualItems }));
    if (name === '上电检测') form.append('pdf', new Blob(['%PDF-1.4\n% guide\n'], { type: 'application/pdf' }), '上电检测指导书.pdf');
    await api(ENDPOINTS.flowAdd, form);
  }
  await api(ENDPOINTS.productPublish, { id: productId });
  const product = await api(ENDPOINTS.productDetail, { id: productId });
  return { productId, productTypeId: product.productTypeId, number: product.number };
}

const { api } = await adminApi(base, password);
const lineId = (await seedLines(api, [['总装一线', `ZZ_ST_${stamp}`]]))['总装一线'];
const powerPad = await seedPad(api, lineId, `PAD-${stamp}-01`, '上电检测1号');
const finalPad = await seedPad(api, lineId, `PAD-${stamp}-02`, '整机终检1号');
await seedPad(api, lineId, `PAD-${stamp}-09`, '备用工位');
const product = await seedProduct(api);
// A user holding PAD APP (整机检测) who has set their own password, as a worker would on the first sign-in.
// A worker below admin works on the lines it is tied to (a station sign-in elsewhere is refused).
await seedWorker(base, api, { roleName: `产线工人${stamp}`, userName: WORKER_NAME, lineId, password: WORKER_PASSWORD });
const taskId = await api(ENDPOINTS.taskCreate, { ...product, productionLineIds: [lineId], productionCount: 200, expireTime: dayFromToday(30) });
const edit = await api(ENDPOINTS.taskEditData, { taskId });
await api(ENDPOINTS.padSet, {
  taskId,
  flowId2PadId: edit.flowPads.map((flowPad, index) => ({ flowId: flowPad.flow.id, padIdList: [index === 0 ? powerPad : finalPad] })),
});
await api(ENDPOINTS.taskStart, { id: taskId });
const codes = Object.keys(await api(ENDPOINTS.taskQrCodeUrls, { taskId }));
let nextCode = 0;
const takeCode = () => codes[nextCode++];
const macPart = () => Math.floor(Math.random() * 256).toString(16).toUpperCase().padStart(2, '0');

// Earlier results of the morning at 上电检测1号, through the station API as the app sends them.
const station = await stationApi(base, `PAD-${stamp}-01`, WORKER, WORKER_PASSWORD);
const assignment = await station(ENDPOINTS.stationAssignment);
for (let index = 0; index < 6; index++) {
  const code = takeCode();
  const good = index !== 2 && index !== 4;
  const now = Date.now();
  await station(ENDPOINTS.stationResult, {
    clientResultId: randomUUID(),
    productionCode: code,
    sn: `SN${stamp}${String(index).padStart(4, '0')}`,
    mac: `A4:C1:38:5E:${String(10 + index)}:7F`,
    startTime: now - 40_000,
    endTime: now,
    autoValues: assignment.items.map((item) => ({
      itemId: item.id,
      value: { voltage: good ? '3.32' : '3.62', power: '开', signal_level: '2', firmware_version: 'v2.1.0' }[item.code],
    })),
    manualResults: assignment.manualItems.map((item) => ({ itemId: item.id, pass: true })),
  });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const VIEWPORTS = {
  tablet: { viewport: { width: 1280, height: 800 }, hasTouch: true },
  handheld: { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true },
};

for (const [device, options] of Object.entries(VIEWPORTS)) {
  // A terminal at the factory runs in the factory's zone, as the server's times are.
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const shot = async (name) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(out, `station-${name}-${device}.png`) });
    console.log('saved', `station-${name}-${device}`);
  };
  const signIn = async (terminalCode) => {
    await page.getByLabel('终端编号').fill(terminalCode);
    await page.getByLabel('用户名').fill(WORKER);
    await page.getByLabel('密码').fill(WORKER_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
  };
  const scan = async (code) => {
    await page.getByLabel('扫码').fill(code);
    await page.getByLabel('扫码').press('Enter');
    // A production code is checked with the server as it is scanned; the next scan waits for the answer.
    await page.waitForFunction(() => document.querySelector('[aria-label="扫码"]')?.getAttribute('aria-busy') === 'false');
  };
  const item = (name) => page.getByRole('group', { name: `检测项 ${name}` });
  const manual = (name) => page.getByRole('group', { name: `人工检查 ${name}` });
  const testDevice = async (code, { voltage, signal }) => {
    await scan(code);
    await scan(`SN${stamp}${code.slice(-4)}`);
    await scan(`A4:C1:38:${macPart()}:${macPart()}:${macPart()}`);
    await item('供电电压').getByLabel('供电电压').fill(voltage);
    await item('电源开关').getByRole('button', { name: '开' }).click();
    if (signal) await item('信号档位').getByLabel('信号档位').selectOption({ label: signal });
  };
  const finishDevice = async () => {
    await item('固件版本').getByLabel('固件版本').fill('v2.1.0');
    await manual('外壳无划痕').getByRole('button', { name: '合格', exact: true }).click();
    await manual('标签端正').getByRole('button', { name: '合格', exact: true }).click();
  };

  await page.goto('/station');
  await page.getByLabel('终端编号').fill(`PAD-${stamp}-01`);
  await page.getByLabel('用户名').fill(WORKER);
  await shot('login');

  // An idle terminal, then sign out and in at the working one.
  await page.getByLabel('终端编号').fill(`PAD-${stamp}-09`);
  await page.getByLabel('密码').fill(WORKER_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByText('当前终端未分配任务').waitFor();
  await shot('idle');
  await page.getByRole('button', { name: '退出' }).click();
  await signIn(`PAD-${stamp}-01`);
  await page.getByLabel('扫码').waitFor();

  // Half entered: codes scanned, a passing voltage, a failing signal level, firmware and manual checks to do.
  await testDevice(takeCode(), { voltage: '3.28', signal: '弱' });
  await page.getByLabel('扫码').focus();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('work');

  await item('信号档位').getByLabel('信号档位').selectOption({ label: '强' });
  await finishDevice();
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('alertdialog', { name: '检测结果' }).waitFor();
  await shot('pass');
  await page.getByRole('alertdialog').click();

  await testDevice(takeCode(), { voltage: '3.71', signal: '强' });
  await finishDevice();
  await manual('标签端正').getByRole('button', { name: '不合格' }).click();
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('alertdialog', { name: '检测结果' }).waitFor();
  await shot('fail');
  await page.getByRole('alertdialog').click();

  // Offline: the result waits in the queue.
  await context.setOffline(true);
  await testDevice(takeCode(), { voltage: '3.30', signal: '中' });
  await finishDevice();
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByText('离线，1 条待上传').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('offline');
  await context.setOffline(false);
  await page.getByText('离线，1 条待上传').waitFor({ state: 'detached', timeout: 15_000 });
  await context.close();
}

await browser.close();
