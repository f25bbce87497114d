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
