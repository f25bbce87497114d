// What the screenshot scripts share: calls to the API as admin, and a signed-in
// headless Chromium page with `shot` and `open` helpers.
import path from 'node:path';
import { chromium } from 'playwright-core';

export const out = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** `call(token, method, url, { json | form | multipart })` → the envelope's data (throws on code 0). */
export function apiCaller(base) {
  return async function call(token, method, url, { json, form, multipart } = {}) {
    const headers = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body;
    if (multipart) {
      body = multipart;
    } else if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const response = await fetch(base + url, { method, headers, body });
    const envelope = await response.json();
    if (envelope.code !== 1) throw new Error(`${method} ${url}: ${response.status} ${envelope.errorMsg}`);
    return envelope.data;
  };
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

/** Signs the page in as admin (CAPTCHA=off) as a person would, and answers an API token of admin. */
export async function signIn(page, call, password) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('验证码').fill('0000');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
  return (await call(null, 'POST', '/api/user/login', { form: { username: 'admin', password, code: '0000', codeId: 'x' } })).token;
}

/** The local date `offset` days from today, YYYY-MM-DD, as the date pickers send it. */
export function dayFromToday(offset) {
  const date = new Date(Date.now() + offset * 86_400_000);
  const pad = (value) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Enabled lines `[[lineName, lineNum], …]` of the first factory; answers { lineName: id }. */
export async function seedLines(call, token, entries) {
  const factoryId = (await call(token, 'GET', '/api/factory/list?pageSize=0')).list[0].id;
  const ids = {};
  for (const [lineName, lineNum] of entries) {
    ids[lineName] = await call(token, 'POST', '/api/line/add', { json: { factoryId, lineName, lineNum } });
  }
  return ids;
}

/**
 * A product of the type `typeName` with one flow per name (each with a manual check), published
 * unless told; answers its id.
 */
export async function seedFlowProduct(call, token, { typeName, number, code, flows, description, publish = true }) {
  const types = await call(token, 'GET', '/api/product/getProductTypes');
  const formats = await call(token, 'GET', '/api/product/getDataFormats');
  const created = await call(token, 'POST', '/api/product/create', {
    json: {
      productTypeId: types.find((type) => type.name === typeName).id,
      number,
      code,
      connectInternet: false,
      dataFormatId: formats[0].id,
      description,
    },
  });
  const productId = typeof created === 'number' ? created : created.id;
  for (const name of flows) {
    const form = new FormData();
    form.append('productFlowParams', JSON.stringify({ productId, name, items: [], manualItems: ['外观完好'] }));
    await call(token, 'POST', '/api/flow/add', { multipart: form });
  }
  if (publish) await call(token, 'POST', '/api/product/publish', { json: { id: productId } });
  return productId;
}
