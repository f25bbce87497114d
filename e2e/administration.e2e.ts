import path from 'node:path';
import { LINE_ENDPOINTS, MSG, TERMINAL_ENDPOINTS, USER_ENDPOINTS } from '@factory/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf } from '../packages/server/test/factories/files.js';
import { pageApi, statusOf } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './support/server.js';
import { message, panel, pathOf, pickOption } from './support/ui.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  return { context, page: await context.newPage() };
}


async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('密码').press('Enter');
}


/** The checkbox of a tree node by its title (antd renders tree nodes flat, one row each). */
function treeCheckbox(scope: ReturnType<typeof panel>, title: string) {
  return scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().locator('.ant-tree-title').getByText(title, { exact: true }) })
    .locator('.ant-tree-checkbox');
}

describe('administration: lines, terminals, roles, users, documents', () => {
  it('creates a line, registers a PAD and puts it on the line', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/dataCenter');

    await page.goto('/productionLine');
    await page.getByRole('button', { name: '新增' }).click();
    const lineDialog = panel(page, '新增产线');
    await lineDialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => lineDialog.getByText(MSG.lineNameRequired).isVisible()).toBe(true);
    await lineDialog.getByLabel('产线名称').fill('一号线');
    await lineDialog.getByLabel('产线编号').fill('L-01');
    await lineDialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => lineDialog.getByText(MSG.lineNumRule).isVisible()).toBe(true);
    await lineDialog.getByLabel('产线编号').fill('L01');
    await lineDialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, MSG.lineAdded).isVisible()).toBe(true);
    const lineRow = page.getByRole('row').filter({ hasText: '一号线' });
    await expect.poll(() => lineRow.getByText('L01').isVisible()).toBe(true);
    await expect.poll(() => lineRow.getByText('启用').isVisible()).toBe(true);

    await page.goto('/terminalManage');
    await page.getByRole('button', { name: '新增终端' }).click();
    const addDialog = panel(page, '新增终端');
    await addDialog.getByLabel('终端编号').fill('PAD001');
    await addDialog.getByLabel('终端名称').fill('一号平板');
    await pickOption(page, addDialog, '型号', '21.5寸平板');
    await addDialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, MSG.terminalAdded).isVisible()).toBe(true);

    // unused first; then the edit panel puts it on the line
    const card = page.locator('.terminal-card').filter({ hasText: '一号平板' });
    await card.hover();
    await card.getByRole('button', { name: '编辑' }).click();
    const editPanel = panel(page, '编辑终端');
    await pickOption(page, editPanel, '产线', '一号线');
    await editPanel.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, MSG.terminalEdited).isVisible()).toBe(true);

    const lineGroup = page.locator('section, .terminal-group').filter({ hasText: '一号线' }).filter({ hasText: '一号平板' });
    await expect.poll(() => lineGroup.count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.terminal-card').filter({ hasText: '一号平板' }).getByText('空闲').first().isVisible()).toBe(true);

    // the server agrees: the PAD is idle on line L01
    const list = await (await pageApi(page))(TERMINAL_ENDPOINTS.terminalList, { terminalType: 'PAD' });
    const group = list.taskLineList.find((entry) => entry.lineName === '一号线');
    expect(group?.linePadList.map((pad) => [pad.padCode, pad.status])).toEqual([['PAD001', 4]]);
    await context.close();
  });

  it('creates a role with only 产线检测 and a user with it, who sees only what the role grants', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/dataCenter');

    await page.goto('/role');
    await page.getByRole('button', { name: '新增' }).click();
    const roleDrawer = panel(page, '新增角色');
    await roleDrawer.getByLabel('角色名').fill('任务查看');
    await expect.poll(() => treeCheckbox(roleDrawer, '产线检测').count()).toBe(1);
    // 产线管理 is never offered
    expect(await treeCheckbox(roleDrawer, '产线管理').count()).toBe(0);
    await treeCheckbox(roleDrawer, '产线检测').click();
    await roleDrawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, MSG.roleAdded).isVisible()).toBe(true);

    await page.goto('/account');
    await page.getByRole('button', { name: '新增' }).click();
    const userDrawer = panel(page, '新增用户');
    await userDrawer.getByLabel('用户名').fill('viewer');
    await pickOption(page, userDrawer, '角色', '任务查看');
    await treeCheckbox(userDrawer, '一号线（L01）').click();
    await userDrawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, MSG.userAdded).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'viewer@admin' }).isVisible()).toBe(true);
    await context.close();

    // the new user signs in with the default password and must choose its own first
    const fresh = await newPage();
    await signIn(fresh.page, 'viewer@admin', 'Factory123');
    const dialog = fresh.page.getByRole('dialog').filter({ hasText: MSG.passwordMustChange });
    await expect.poll(() => dialog.isVisible(), { timeout: 5000 }).toBe(true);
    await dialog.getByLabel('新密码').fill('Viewer123');
    await dialog.getByLabel('确认密码').fill('Viewer123');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(fresh.page, MSG.passwordChanged).isVisible()).toBe(true);
    await expect.poll(() => pathOf(fresh.page)).toBe('/login');

    await signIn(fresh.page, 'viewer@admin', 'Viewer123');
    await expect.poll(() => pathOf(fresh.page), { timeout: 5000 }).toBe('/productionCenter');
    const menu = fresh.page.getByRole('menu', { name: '主菜单' });
    await expect.poll(() => menu.getByText('生产中心', { exact: true }).isVisible()).toBe(true);
    for (const hidden of ['数据中心', '平台管理', '文档中心']) expect(await menu.getByText(hidden, { exact: true }).count()).toBe(0);
    await menu.getByText('生产中心', { exact: true }).hover();
    await expect.poll(() => fresh.page.getByRole('menuitem', { name: '产线检测' }).isVisible()).toBe(true);
    expect(await fresh.page.getByRole('menuitem', { name: '产品中心' }).count()).toBe(0);
    await fresh.page.mouse.move(800, 600);
    await fresh.page.screenshot({ path: path.join(SCREENSHOTS, 'role-granted-menu.png') });

    // and the server refuses what the role does not hold, whatever the page shows
    const api = await pageApi(fresh.page);
    const statuses = [
      await statusOf(api(USER_ENDPOINTS.userList, {})),
      await statusOf(api(LINE_ENDPOINTS.lineList, {})),
      await statusOf(api(TERMINAL_ENDPOINTS.terminalList, {})),
    ];
    expect(statuses).toEqual([403, 403, 403]);
    await fresh.context.close();
  });

  it('uploads a PDF document and shows it in the viewer', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/dataCenter');

    await page.goto('/userDoc');
    await expect.poll(() => page.getByText(MSG.noDocuments).isVisible()).toBe(true);
    await page.locator('input[type=file]').setInputFiles({ name: '操作手册.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Factory manual') });
    await expect.poll(() => message(page, MSG.documentUploaded).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('共 1 个文件').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('list', { name: '文件列表' }).getByText('操作手册.pdf').isVisible()).toBe(true);

    const frame = page.locator('iframe');
    await expect.poll(async () => (await frame.getAttribute('src')) ?? '').toMatch(/^\/api\/file\/[\w-]+$/);
    const src = (await frame.getAttribute('src'))!;
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition') };
    }, src);
    expect(served.type).toBe('application/pdf');
    expect(served.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('操作手册.pdf')}`);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'user-doc-uploaded.png') });
    await context.close();
  });
});
