import { createHmac } from 'node:crypto';
import path from 'node:path';
import { MSG, PATHS } from '@factory/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { ageSessions, captchaAnswer, createSubUser } from './support/db.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './support/server.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const PLATFORM_SECRET = 'e2e-platform-secret';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ CAPTCHA: 'on', PLATFORM_LOGIN_SECRET: PLATFORM_SECRET }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** The id the captcha image was drawn for, read from the image's own address. */
async function captchaId(page: Page): Promise<string> {
  const image = page.getByRole('img', { name: '验证码图片' });
  await expect.poll(async () => (await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))).toBe(true);
  const src = (await image.getAttribute('src'))!;
  return new URL(src, server.url).searchParams.get('id')!;
}

/** Signs in by keyboard only: type, Tab to the next field, Enter submits. */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const id = await captchaId(page);
  const answer = captchaAnswer(server.dbFile, id);
  expect(answer, 'the server stored the captcha answer').toBeTruthy();
  await page.getByLabel('用户名').click();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.getByLabel('验证码').click();
  await page.keyboard.type(answer!);
  await page.keyboard.press('Enter');
}

const message = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

describe('sign-in and the console shell', () => {
  it('redirects every guarded path to /login without a session, but opens /notFound', async () => {
    const { context, page } = await newPage();
    for (const target of ['/productionCenter', '/account?x=1', '/no/such/page', '/']) {
      await page.goto(target);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    }
    await page.goto('/notFound');
    await expect.poll(() => page.getByText(MSG.pageNotFound).isVisible()).toBe(true);
    await context.close();
  });

  it('checks the login form on the page: empty fields, wrong captcha, wrong password', async () => {
    const { context, page } = await newPage();
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(PATHS.login)) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => message(page, MSG.loginRequired).isVisible()).toBe(true);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('用户名').press('Enter');
    await expect.poll(() => message(page, MSG.loginRequired).count()).toBeGreaterThan(0);
    expect(loginCalls).toBe(0);

    await page.screenshot({ path: path.join(SCREENSHOTS, 'login-empty-fields.png') });

    const firstId = await captchaId(page);
    await page.getByLabel('密码').fill(ADMIN_PASSWORD);
    await page.getByLabel('验证码').fill('zzzz');
    await page.getByLabel('验证码').press('Enter');
    await expect.poll(() => message(page, '验证码错误').isVisible()).toBe(true);
    // a failed attempt draws a fresh captcha with a fresh id
    await expect.poll(() => captchaId(page)).not.toBe(firstId);

    const secondId = await captchaId(page);
    await page.getByRole('img', { name: '验证码图片' }).click();
    await expect.poll(() => captchaId(page)).not.toBe(secondId);

    const id = await captchaId(page);
    await page.getByLabel('密码').fill('Wrong12345');
    await page.getByLabel('验证码').fill(captchaAnswer(server.dbFile, id)!);
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => message(page, '用户名或密码错误').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('signs in by keyboard and lands on the first menu page with the three-level menu', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await captchaId(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'login.png') });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => message(page, MSG.loginSuccess).isVisible()).toBe(true);
    // level 1 holds the first entry with a real url: 数据中心
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/dataCenter');

    const menu = page.getByRole('menu').first();
    for (const name of ['生产中心', '数据中心', '平台管理', '文档中心']) {
      await expect.poll(() => menu.getByText(name, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByText('PAD APP').count()).toBe(0);
    expect(await page.getByText('PDA APP').count()).toBe(0);
    // full-screen toggle on /dataCenter only; no footer there
    expect(await page.getByRole('button', { name: /全屏/ }).count()).toBe(1);
    expect(await page.getByText(/ICP备/).count()).toBe(0);
    await expect.poll(() => menu.locator('.ant-menu-item-selected').textContent()).toBe('数据中心');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-admin.png') });

    // open 平台管理 → 系统管理 → 用户列表
    await menu.getByText('平台管理', { exact: true }).hover();
    await page.getByText('系统管理', { exact: true }).hover();
    await page.getByRole('menuitem', { name: '用户列表' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
    await expect.poll(() => page.getByText('用户列表').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/ICP备/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /全屏/ }).count()).toBe(0);
    // the active entry follows the route: the level-1 group that holds 用户列表
    await page.mouse.move(800, 600);
    await expect.poll(() => menu.locator('.ant-menu-submenu-selected').textContent()).toBe('平台管理');
    await expect.poll(() => page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-three-levels.png') });

    // a deep link opens the page after a reload (history fallback + session in sessionStorage)
    await page.goto('/productionLog?id=3');
    await expect.poll(() => page.getByText('生产记录').first().isVisible()).toBe(true);
    await context.close();
  });

  it('takes a sub-user to its own first menu, searching level 2 and 3', async () => {
    await createSubUser(server.dbFile, 'docs_reader', 'Reader123', ['/operationLog', '/role']);
    const { context, page } = await newPage();
    await signIn(page, 'docs_reader', 'Reader123');
    // 平台管理 and 系统管理 are groups (url "/"), so level 3 decides, by sequence: 角色列表 before 操作日志
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/role');
    const menu = page.getByRole('menu').first();
    await expect.poll(() => menu.getByText('平台管理', { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText('生产中心', { exact: true }).count()).toBe(0);
    await page.mouse.move(800, 600);
    await expect.poll(() => message(page, MSG.loginSuccess).count(), { timeout: 6000 }).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-sub-user.png') });
    await context.close();
  });

  it('shows a sub-user one no-permission page for a menu it lacks, calls nothing, and leads back', async () => {
    await createSubUser(server.dbFile, 'no_lines', 'NoLines123', ['/operationLog', '/role']);
    const { context, page } = await newPage();
    await signIn(page, 'no_lines', 'NoLines123');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/role');
    await expect.poll(() => message(page, MSG.loginSuccess).count(), { timeout: 6000 }).toBe(0);

    // Typed into the address bar: a full load, so every call the page makes is seen here.
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    for (const [width, height] of [
      [1366, 768],
      [1440, 900],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/productionLine');
      await expect.poll(() => page.getByRole('alert', { name: '无权限' }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOTS, `no-permission-${width}.png`) });
    }
    expect(await page.getByText('暂无产线').count()).toBe(0);
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    expect(calls).toEqual([]);

    await page.getByRole('button', { name: '返回首页' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/role');
    await context.close();
  });

  it('shows the not-found page and 返回 goes to the first real menu entry', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/dataCenter');
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText(MSG.pageNotFound).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'not-found.png') });
    await page.getByRole('button', { name: '返回' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dataCenter');
    await context.close();
  });

  it('changes the password, signs out everywhere, and signs in with the new one', async () => {
    await createSubUser(server.dbFile, 'pw_changer', 'Changer123', ['/account']);
    const { context, page } = await newPage();
    await signIn(page, 'pw_changer', 'Changer123');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/account');

    await page.getByText('pw_changer').click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('新密码').fill('short1A');
    await dialog.getByLabel('确认密码').fill('other');
    await dialog.getByRole('button', { name: /确\s*定|保存|提交/ }).click();
    await expect.poll(() => dialog.getByText(MSG.passwordTooShort).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(MSG.passwordMismatch).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'change-password-errors.png') });

    await dialog.getByLabel('新密码').fill('NewPass123');
    await dialog.getByLabel('确认密码').fill('NewPass123');
    await dialog.getByRole('button', { name: /确\s*定|保存|提交/ }).click();
    await expect.poll(() => message(page, MSG.passwordChanged).isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

    await signIn(page, 'pw_changer', 'NewPass123');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/account');
    await context.close();
  });

  it('logs out after the confirmation and the old session no longer opens pages', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/dataCenter');
    const token = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(token).toContain('token');

    await page.getByText('admin', { exact: true }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect.poll(() => page.getByText(MSG.logoutConfirm).isVisible()).toBe(true);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => message(page, MSG.loggedOut).isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.goto('/account');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('sends an expired session back to /login with 已超时，请重新登录', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/dataCenter');
    // A page that calls nothing once loaded: the dashboard polls every 5 s and would meet the expiry first.
    const listed = page.waitForResponse((response) => response.url().includes(PATHS.lineList));
    await page.goto('/productionLine');
    await listed;
    ageSessions(server.dbFile, 24 * 60);

    await page.getByText('admin', { exact: true }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('新密码').fill('Expired123');
    await dialog.getByLabel('确认密码').fill('Expired123');
    await dialog.getByRole('button', { name: /确\s*定|保存|提交/ }).click();
    await expect.poll(() => message(page, MSG.sessionExpired).isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await context.close();
  });

  it('enters through /platformLogin with a one-time code, and refuses it the second time', async () => {
    const payload = Buffer.from(JSON.stringify({ userName: 'admin', exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
    const code = `${payload}.${createHmac('sha256', PLATFORM_SECRET).update(payload).digest('base64url')}`;
    const { context, page } = await newPage();
    await page.goto(`/platformLogin?code=${encodeURIComponent(code)}`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/dataCenter');

    const second = await context.newPage();
    await second.goto(`/platformLogin?code=${encodeURIComponent(code)}`);
    await expect.poll(() => message(second, MSG.platformCodeUsed).isVisible()).toBe(true);
    await expect.poll(() => new URL(second.url()).pathname, { timeout: 5000 }).toBe('/login');
    await context.close();
  });
});
