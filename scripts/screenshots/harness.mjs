// What the screenshot scripts share: the typed client of the API as admin, and a signed-in
// headless Chromium page with `shot` and `open` helpers.
import { ENDPOINTS } from '@factory/contracts';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const out = path.resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * The simulator's library, built (node scripts/ensure-built.mjs): its console client is the typed
 * caller of the contracts, `api(ENDPOINTS.x, input)`, which throws on an error envelope and on an
 * answer outside the endpoint's response schema.
 */
export const simulator = await import(path.resolve(import.meta.dirname, '../../packages/simulator/dist/index.js'));

/** The admin's session (CAPTCHA=off): `{ api, login }`. */
export function adminApi(base, password) {
  return simulator.consoleLogin(base, 'admin', password);
}

/** The typed client with a token of a sign-in (a station's, for the station calls), or null for a public call. */
export function apiAs(base, token) {
  return simulator.consoleApi(base, token);
}

/** A station signed in at the terminal: its typed client. */
export async function stationApi(base, terminalCode, username, password) {
  const { token } = await apiAs(base, null)(ENDPOINTS.stationLogin, { terminalCode, username, password });
  return apiAs(base, token);
}

/**
 * A worker under admin holding a role of PAD APP (made as the role editor makes it), tied to the line,
 * who set their own password; answers the name it signs in with (`name@admin`).
 */
export async function seedWorker(base, api, { roleName, userName, lineId, password }) {
  const tree = await api(ENDPOINTS.menuTree, { withFunction: 'true' });
  const padApp = tree.find((menu) => menu.name === 'PAD APP');
  await api(ENDPOINTS.roleCreate, { roleName, roleMenuFunctionVOS: [padApp, ...padApp.children].map((menu) => ({ menuId: menu.id, funIdList: [] })) });
  const roleId = (await api(ENDPOINTS.roleAll)).find((role) => role.roleName === roleName).id;
  const factoryId = (await api(ENDPOINTS.factoryList, { pageSize: 0 })).list[0].id;
  await api(ENDPOINTS.userCreate, { userName, roleId, facLineVos: [{ factoryId, lineId: [lineId] }] });
  const signedInAs = `${userName}@admin`;
  await simulator.setFirstPassword(base, signedInAs, await api(ENDPOINTS.userDefaultPassword), password);
  return signedInAs;
}

/** Debian's Chromium at 1440x900, zh-CN, with the flags this closed network needs. */
export async function openBrowser(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));

  const shot = async (name, { fullPage = false } = {}) => {
    // Let antd's messages and animations settle.
    await page.waitForTimeout(700);
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
    console.log('saved', name);
  };
  const open = async (url, waitFor) => {
    await page.goto(url);
    await page.getByText(waitFor).first().waitFor();
  };
  return { browser, page, shot, open };
}

/** Signs the page in as admin (CAPTCHA=off) as a person would. */
export async function signIn(page, password) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('验证码').fill('0000');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The local date `offset` days from today, YYYY-MM-DD, as the date pickers send it. */
export function dayFromToday(offset) {
  const date = new Date(Date.now() + offset * 86_400_000);
  const pad = (value) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Enabled lines `[[lineName, lineNum], …]` of the first factory; answers { lineName: id }. */
export async function seedLines(api, entries) {
  const factoryId = (await api(ENDPOINTS.factoryList, { pageSize: 0 })).list[0].id;
  const ids = {};
  for (const [lineName, lineNum] of entries) {
    ids[lineName] = await api(ENDPOINTS.lineAdd, { factoryId, lineName, lineNum });
  }
  return ids;
}

/**
 * A product of the type `typeName` with one flow per name (each with a manual check), published
 * unless told; answers its id.
 */
export async function seedFlowProduct(api, { typeName, number, code, flows, description, publish = true }) {
  const types = await api(ENDPOINTS.productTypes);
  const formats = await api(ENDPOINTS.dataFormats);
  const productId = await api(ENDPOINTS.productCreate, {
    productTypeId: types.find((type) => type.name === typeName).id,
    number,
    code,
    connectInternet: false,
    dataFormatId: formats[0].id,
    description,
  });
  for (const name of flows) {
    const form = new FormData();
    form.append('productFlowParams', JSON.stringify({ productId, name, items: [], manualItems: ['外观完好'] }));
    await api(ENDPOINTS.flowAdd, form);
  }
  if (publish) await api(ENDPOINTS.productPublish, { id: productId });
  return productId;
}
