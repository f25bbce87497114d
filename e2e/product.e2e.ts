import path from 'node:path';
import { MSG, PROPERTY_ENDPOINTS } from '@factory/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { fieldError, message, panel, pickOption, signInAsAdmin } from './support/ui.js';

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


/** Waits for a success message and for it to go, so the next one is not confused with it. */
async function expectSuccess(page: Page, text: string): Promise<void> {
  await expect.poll(() => message(page, text).isVisible(), { timeout: 5000 }).toBe(true);
}

interface PropertyInput {
  name: string;
  code: string;
  type: string;
  fill(drawer: Locator): Promise<void>;
}

const PROPERTIES: PropertyInput[] = [
  {
    name: '电源开关',
    code: 'power',
    type: '布尔型',
    fill: async (drawer) => {
      await drawer.getByLabel('0 (false)').fill('关');
      await drawer.getByLabel('1 (true)').fill('开');
    },
  },
  {
    name: '信号强度',
    code: 'rssi',
    type: '整数型',
    fill: async (drawer) => {
      await drawer.getByLabel('最小值').fill('-100');
      await drawer.getByLabel('最大值').fill('0');
    },
  },
  {
    name: '温度',
    code: 'temperature',
    type: '单精度浮点型',
    fill: async (drawer) => {
      await drawer.getByLabel('最小值').fill('-20.5');
      await drawer.getByLabel('最大值').fill('60.5');
    },
  },
  {
    name: '电压',
    code: 'voltage',
    type: '双精度浮点型',
    fill: async (drawer) => {
      await drawer.getByLabel('最小值').fill('3.0');
      await drawer.getByLabel('最大值').fill('5.5');
    },
  },
  {
    name: '固件版本',
    code: 'firmware_version',
    type: '字符串',
    fill: async (drawer) => {
      await drawer.getByLabel('取值长度').fill('16');
    },
  },
  {
    name: '工作模式',
    code: 'mode',
    type: '枚举型',
    fill: async (drawer) => {
      await drawer.getByLabel('枚举值0', { exact: true }).fill('自动');
      await drawer.getByRole('button', { name: '添加枚举值' }).click();
      await drawer.getByLabel('枚举值1', { exact: true }).fill('手动');
    },
  },
  {
    name: '说明书',
    code: 'manual_url',
    type: '链接',
    fill: async (drawer) => {
      await drawer.getByLabel('链接').fill('https://example.com/manual');
    },
  },
];

describe('product definition: from a new product to publishing it', () => {
  it('creates a product, its properties of every type and three flows, reorders them, uploads firmware and publishes', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page);

    // the product
    await page.goto('/productCenter');
    await page.getByRole('button', { name: '新增产品' }).click();
    const productDrawer = panel(page, '新增产品');
    await productDrawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fieldError(productDrawer, MSG.productTypeRequired).isVisible()).toBe(true);
    await pickOption(page, productDrawer, '产品类型', '智能网关');
    await productDrawer.getByLabel('产品型号').fill('GW_E2E_01');
    await productDrawer.getByLabel('产品编号').fill('GW-E2E');
    await productDrawer.getByRole('switch', { name: '网络支持' }).click();
    await pickOption(page, productDrawer, '通信方式', 'WiFi');
    await pickOption(page, productDrawer, '数据格式', 'JSON');
    await productDrawer.getByLabel('产品描述').fill('端到端测试用网关');
    await productDrawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fieldError(productDrawer, MSG.productCodeRule).isVisible()).toBe(true);
    await productDrawer.getByLabel('产品编号').fill('GW_E2E');
    await productDrawer.getByRole('button', { name: '确定' }).click();
    await expectSuccess(page, MSG.productAdded);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/productPotion');
    const productId = new URL(page.url()).searchParams.get('id')!;

    // one property of each of the seven types
    for (const property of PROPERTIES) {
      await page.getByRole('button', { name: '新增', exact: true }).click();
      const drawer = panel(page, '新增自定义属性');
      await drawer.getByLabel('属性名称').fill(property.name);
      await drawer.getByLabel('标识符').fill(property.code);
      await pickOption(page, drawer, '数据类型', property.type);
      await property.fill(drawer);
      await drawer.getByLabel('描述').fill(`${property.name}的说明`);
      await drawer.getByRole('button', { name: '确定' }).click();
      await expect.poll(() => drawer.isVisible(), { timeout: 5000 }).toBe(false);
    }
    // the list pages by 5: ask the server for the whole set
    const saved = (await (await pageApi(page))(PROPERTY_ENDPOINTS.propertyList, { productId: Number(productId), pageSize: 0 })).list.map((row) => row.dataTypeId);
    expect(saved.sort()).toEqual(['boolean', 'double', 'enum', 'float', 'int', 'string', 'url']);

    // three flows
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/productFlow');
    const flows: { name: string; setUp(drawer: Locator): Promise<void> }[] = [
      {
        name: '上电检测',
        setUp: async (drawer) => {
          await drawer.getByRole('list', { name: '未选检测项' }).getByText('电源开关').click();
          await drawer.getByRole('radiogroup', { name: '电源开关标准值' }).getByText('开（1）').click();
        },
      },
      {
        name: '通信检测',
        setUp: async (drawer) => {
          await drawer.getByRole('list', { name: '未选检测项' }).getByText('信号强度').click();
          await drawer.getByLabel('信号强度标准值').first().fill('-200');
          await drawer.getByRole('button', { name: '确定' }).click();
          await expect.poll(() => fieldError(drawer, '信号强度的数值不在指定区间(-100~0)内').isVisible()).toBe(true);
          await drawer.getByLabel('信号强度标准值').first().fill('-60');
        },
      },
      {
        name: '外观检查',
        setUp: async (drawer) => {
          await drawer.getByRole('button', { name: '添加手动检测项' }).click();
          await drawer.getByLabel('手动检测项1', { exact: true }).fill('外壳无划痕');
        },
      },
    ];
    for (const flow of flows) {
      await page.getByRole('button', { name: '新增流程' }).click();
      const drawer = panel(page, '新增流程');
      await drawer.getByLabel('流程名称').fill(flow.name);
      await flow.setUp(drawer);
      await drawer.getByRole('button', { name: '确定' }).click();
      await expectSuccess(page, MSG.flowAdded);
      await expect.poll(() => drawer.isVisible(), { timeout: 5000 }).toBe(false);
    }
    const tile = (order: number) => page.getByRole('button', { name: new RegExp(`^流程${order} `) });
    await expect.poll(() => tile(3).getAttribute('aria-label')).toBe('流程3 外观检查');

    // drag 流程1 onto 流程3: they swap
    await tile(1).dragTo(tile(3));
    await expectSuccess(page, MSG.flowSorted);
    await expect.poll(() => tile(1).getAttribute('aria-label')).toBe('流程1 外观检查');
    await expect.poll(() => tile(3).getAttribute('aria-label')).toBe('流程3 上电检测');
    await page.mouse.move(10, 10);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'product-flow-e2e.png') });

    // firmware, then publish from step 3
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/productPush');
    const testFirmware = page.locator('.ant-card').filter({ hasText: '产测固件（' });
    await testFirmware.getByRole('button', { name: '新增' }).click();
    const firmwareDrawer = panel(page, '新增产测固件');
    await firmwareDrawer.getByLabel('版本号').fill('v1.0.0');
    await firmwareDrawer.locator('input[type=file]').setInputFiles({
      name: '产测固件v1.0.0.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('firmware image for the end-to-end test'),
    });
    await firmwareDrawer.getByLabel('描述').fill('首个产测固件');
    await firmwareDrawer.getByRole('button', { name: '确定' }).click();
    await expectSuccess(page, MSG.firmwareAdded);
    await expect.poll(() => testFirmware.getByRole('cell', { name: 'v1.0.0', exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: '发布', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: MSG.productPublishConfirm });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: '确定' }).click();
    await expectSuccess(page, MSG.productPublished);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/productCenter');

    // it is listed under 已发布, and no longer under 未发布
    await pickOption(page, page.locator('body'), '状态', '已发布');
    await expect.poll(() => page.getByText('GW_E2E_01').isVisible(), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'product-center-published-e2e.png') });
    await pickOption(page, page.locator('body'), '状态', '未发布');
    await expect.poll(() => page.getByText('GW_E2E_01').count(), { timeout: 5000 }).toBe(0);
    await context.close();
  });
});
