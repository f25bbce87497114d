import path from 'node:path';
import { ACCESSORY_MSG as M, COMMUNICATION_ENDPOINTS, DTU_ENDPOINTS, DTU_STATUS, DTU_PROPERTY_ENDPOINTS, FITTING_ENDPOINTS, MSG } from '@factory/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePng } from '../packages/simulator/src/index.js';
import { type ConsoleApi, pageApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { fieldError, message, panel, pathOf, pickOption, signInAsAdmin } from './support/ui.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const PART = '蓝牙温湿度采集器配件';
const DTU = 'BT采集器01';
/** Chinese, letters and an underscore: what the double encoding of the detail address is for */
const MODULE = '蓝牙模组_BT52';
const MODULE_DTU = 'BT52DTU01';

let server: RunningServer;
let browser: Browser;
/** one signed-in page the steps below go on with, as one person would */
let page: Page;
let api: ConsoleApi;
/** the part's DTU, once added */
let dtuId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  // An action waiting for an element that never comes fails with its step, well within the test's time.
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const bytes = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());
const png = async (name: string, body: [number, number, number], back = false): Promise<Upload> => ({
  name,
  mimeType: 'image/png',
  buffer: await bytes(devicePng({ background: [245, 247, 250], body, label: [236, 240, 245], leds: [[40, 200, 90], [240, 180, 40]], back })),
});
const pdf = (name: string): Upload => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
});
const csv = (name: string): Upload => ({ name, mimeType: 'text/csv', buffer: Buffer.from('\ufeff物料编码,物料名称,用量\nM-001,主控板,1\nM-002,外壳,1\n') });
const bin = (name: string): Upload => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from('DTU-FW 1.0.3 image for the journey') });

/** The file input of the form item labelled `label` (an attachment or image slot). */
const slot = (scope: Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) }).locator('input[type=file]');

/** A success notice of antd's message. */
async function expectSuccess(page: Page, text: string): Promise<void> {
  await expect.poll(() => message(page, text).isVisible(), { timeout: 5000 }).toBe(true);
}

/** Waits for the notices of earlier steps to leave, so a screenshot shows the page's own state. */
async function noticesGone(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 8000 }).toBe(0);
}

/**
 * A screenshot once the page has settled: no table or card refetching (antd's loading mask
 * gone and its fade ended) and no transition running (a drawer sliding in, a hover bar rising).
 */
async function shot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 5000 }).toBe(0);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const faded = [...document.querySelectorAll('.ant-spin-container')].every((box) => getComputedStyle(box).opacity === '1');
          const moving = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
          const images = [...document.images].every((image) => image.complete);
          return faded && moving.length === 0 && images;
        }),
      { timeout: 5000 },
    )
    .toBe(true);
  await page.screenshot({ path: path.join(SCREENSHOTS, name) });
}

/** Answers the confirmation whose text is `text` with 确定, and waits for it to close. */
async function confirm(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
}

/**
 * Presses 新增 on the property table `table`, fills the drawer `drawerTitle` and saves it;
 * `kind` is the word of its success message (新增自动检测属性成功).
 */
async function addProperty(page: Page, table: string, drawerTitle: string, fill: (drawer: Locator) => Promise<void>, kind: string): Promise<void> {
  await page.getByRole('region', { name: table }).getByRole('button', { name: '新增', exact: true }).click();
  const drawer = panel(page, drawerTitle);
  await expect.poll(() => drawer.isVisible()).toBe(true);
  await fill(drawer);
  await drawer.getByRole('button', { name: '确定' }).click();
  await expectSuccess(page, M.added(kind));
  await expect.poll(() => drawer.count(), { timeout: 5000 }).toBe(0);
}

/** The row of a table region whose text contains `text`. */
const row = (page: Page, table: string, text: string) => page.getByRole('region', { name: table }).getByRole('row').filter({ hasText: text });

// One journey in steps that follow each other on the same page (the file's tests run in order).
describe('accessory catalogue: a part, its DTU and test properties, a communication module and its DTU', () => {
  // The two longest steps get more than the default minute: a loaded machine slows every drawer.
  it('adds a part, then a bluetooth DTU with its files and pictures, and lands on its properties', { timeout: 90_000 }, async () => {
    await signInAsAdmin(page);
    api = await pageApi(page);

    // 配件管理: nothing yet
    await page.goto('/parts');
    await expect.poll(() => page.getByText('暂无配件，点击“新增配件”添加').isVisible(), { timeout: 5000 }).toBe(true);
    expect(await page.getByLabel('配件总数').textContent()).toBe('共 0 个配件');
    await shot(page, 'parts-empty.png');

    // 新增配件: refused empty, saved with a description and a picture
    await page.getByRole('button', { name: '新增配件' }).click();
    const partDrawer = panel(page, '新增配件');
    await partDrawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fieldError(partDrawer, M.partDescRequired).isVisible()).toBe(true);
    await expect.poll(() => fieldError(partDrawer, M.partImageRequired).isVisible()).toBe(true);
    await shot(page, 'parts-form-errors.png');
    await pickOption(page, partDrawer, '配件类型', 'DTU');
    await partDrawer.getByLabel('配件描述').fill(PART);
    await slot(partDrawer, '配件图片').setInputFiles(await png('采集器.png', [30, 110, 200]));
    await expect.poll(() => fieldError(partDrawer, M.partImageRequired).count()).toBe(0);
    await partDrawer.getByRole('button', { name: '确定' }).click();
    await expectSuccess(page, M.partAdded);
    const partCard = page.getByRole('article', { name: PART });
    await expect.poll(() => partCard.isVisible(), { timeout: 5000 }).toBe(true);
    expect(await partCard.textContent()).toContain('0 个DTU型号');
    await partCard.hover();
    await expect.poll(() => partCard.getByRole('button', { name: '详情' }).isVisible()).toBe(true);
    await shot(page, 'parts-grid.png');

    // 配件详情 → 新增DTU, bluetooth, with every file and both pictures
    await partCard.getByRole('button', { name: '详情' }).click();
    await expect.poll(() => pathOf(page)).toBe('/partsDetail');
    await expect.poll(() => page.getByLabel('配件信息').textContent()).toContain(PART);
    await page.getByRole('button', { name: '新增DTU' }).click();
    const dtuDrawer = panel(page, '新增DTU');
    await dtuDrawer.getByLabel('DTU型号').fill(DTU);
    await dtuDrawer.getByLabel('模块型号').fill('NRF52832');
    await dtuDrawer.getByLabel('模块供应商').fill('深圳蓝芯科技');
    await dtuDrawer.getByLabel('供电电压').fill('3.3');
    await dtuDrawer.getByLabel('波特率').fill('115200');
    await dtuDrawer.getByRole('switch', { name: '网络支持' }).click();
    await pickOption(page, dtuDrawer, '通信方式', '蓝牙');
    await slot(dtuDrawer, '测试固件').setInputFiles(bin('采集器固件v1.0.3.bin'));
    await dtuDrawer.getByLabel('固件版本号').fill('v1.0.3');
    await slot(dtuDrawer, '生产文件').setInputFiles(pdf('生产工艺说明.pdf'));
    await slot(dtuDrawer, 'BOM清单').setInputFiles(csv('采集器BOM清单.csv'));
    await slot(dtuDrawer, '其他要求').setInputFiles(pdf('包装要求.pdf'));
    await slot(dtuDrawer, 'DTU正面图片').setInputFiles(await png('正面.png', [40, 70, 120]));
    await slot(dtuDrawer, 'DTU背面图片').setInputFiles(await png('背面.png', [40, 70, 120], true));
    await expect.poll(() => dtuDrawer.locator('.ant-upload-list-item').count()).toBe(6);
    // the whole form, pictures included: a taller window
    await page.setViewportSize({ width: 1440, height: 1300 });
    await shot(page, 'parts-detail-dtu-form.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dtuDrawer.getByRole('button', { name: '确定' }).click();
    await expectSuccess(page, M.dtuAdded);
    await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/partsPotion');
    const potionUrl = new URL(page.url());
    dtuId = Number(potionUrl.searchParams.get('dtuId'));
    expect(potionUrl.searchParams.get('communicationType')).toBe('bluetooth');
    await expect.poll(() => page.getByRole('region', { name: 'DTU信息' }).textContent(), { timeout: 5000 }).toContain('生产工艺说明.pdf');
  });

  it('sets a serial, an automatic property of each kind and an other property, opens and stops testing on one', { timeout: 90_000 }, async () => {

    // the properties: serial, automatic of each data type, other
    await addProperty(
      page,
      '串口检测属性',
      '新增串口检测属性',
      async (drawer) => {
        await pickOption(page, drawer, '检测属性', '串口回环');
        await drawer.getByRole('radiogroup', { name: '校验方式' }).getByText('单值').click();
        await drawer.getByLabel('检测标准').fill('OK');
      },
      '串口',
    );
    const autoProperties: { name: string; code: string; type: string; fill(drawer: Locator): Promise<void> }[] = [
      {
        name: '信号强度',
        code: 'RSSI',
        type: '整数(int)',
        fill: async (drawer) => {
          await drawer.getByLabel('最小值').fill('-90');
          await drawer.getByLabel('最大值').fill('-20');
        },
      },
      { name: '蓝牙地址', code: 'MAC', type: '字符串(string)', fill: (drawer) => drawer.getByRole('switch', { name: '唯一' }).click() },
      {
        name: '继电器状态',
        code: 'RELAY',
        type: '布尔(boolean)',
        fill: async (drawer) => {
          await drawer.getByLabel('0 (false)').fill('断开');
          await drawer.getByLabel('1 (true)').fill('吸合');
          await drawer.getByRole('radiogroup', { name: '布尔标准值' }).getByText('吸合（1）').click();
        },
      },
      {
        name: '工作模式',
        code: 'WORK_MODE',
        type: '枚举(enum)',
        fill: async (drawer) => {
          await drawer.getByLabel('枚举项0', { exact: true }).fill('自动');
          await drawer.getByRole('button', { name: '添加枚举项' }).click();
          await drawer.getByLabel('枚举项1', { exact: true }).fill('手动');
          await pickOption(page, drawer, '枚举标准值', '0-自动');
          await page.keyboard.press('Escape');
        },
      },
    ];
    // the drawer's own checks, shown once: a type chosen, nothing else
    await page.getByRole('region', { name: '自动检测属性' }).getByRole('button', { name: '新增', exact: true }).click();
    const autoDrawer = panel(page, '新增自动检测属性');
    await pickOption(page, autoDrawer, '数据类型', '整数(int)');
    await autoDrawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fieldError(autoDrawer, MSG.propertyNameRequired).isVisible()).toBe(true);
    await expect.poll(() => fieldError(autoDrawer, MSG.propertyCodeRequired).isVisible()).toBe(true);
    await expect.poll(() => fieldError(autoDrawer, MSG.rangeRequired).isVisible()).toBe(true);
    await shot(page, 'parts-potion-auto-form-errors.png');
    await autoDrawer.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => autoDrawer.count(), { timeout: 5000 }).toBe(0);
    for (const property of autoProperties) {
      await addProperty(
        page,
        '自动检测属性',
        '新增自动检测属性',
        async (drawer) => {
          await drawer.getByLabel('属性名称').fill(property.name);
          await drawer.getByLabel('标识符').fill(property.code);
          await pickOption(page, drawer, '数据类型', property.type);
          await property.fill(drawer);
          await drawer.getByLabel('描述').fill(`${property.name}的检测`);
        },
        '自动',
      );
    }
    await addProperty(
      page,
      '其他检测属性',
      '新增其他检测属性',
      async (drawer) => {
        await drawer.getByLabel('检测类别').fill('外观检查');
        await drawer.getByLabel('检测项目').fill('外壳无划伤');
        await drawer.getByLabel('检测工具').fill('目测');
        await drawer.getByLabel('检测标准').fill('距离30厘米目视无可见划痕');
      },
      '其他',
    );
    await expect.poll(() => page.getByRole('region', { name: '自动检测属性' }).getByRole('row').count()).toBe(5);

    // testing opened on one, then stopped
    await noticesGone(page);
    const relay = row(page, '自动检测属性', '继电器状态');
    await relay.getByRole('button', { name: '开启检测' }).click();
    await confirm(page, M.openConfirm);
    await expectSuccess(page, M.opened('自动'));
    await expect.poll(() => relay.getByText('已开启').isVisible()).toBe(true);
    expect(await relay.getByRole('button', { name: '编辑' }).isDisabled()).toBe(true);
    await page.mouse.move(0, 0);
    // the three tables and the DTU's information at once: a taller window
    await page.setViewportSize({ width: 1440, height: 1400 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'parts-potion.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await relay.getByRole('button', { name: '停止检测' }).click();
    await confirm(page, M.stopConfirm);
    await expectSuccess(page, M.stopped('自动'));
    await expect.poll(() => relay.getByText('未开启').isVisible()).toBe(true);

    // what the server keeps is what was typed
    const listed = { dtuId, page: 1, pageSize: 0 };
    const serial = (await api(DTU_PROPERTY_ENDPOINTS.serialPropertyList, listed)).list;
    expect(serial.map(({ code, verifyRule, aimValue, status }) => ({ code, verifyRule, aimValue, status }))).toEqual([
      { code: 'SERIAL_LOOPBACK', verifyRule: 'EQUAL', aimValue: 'OK', status: 0 },
    ]);
    const auto = (await api(DTU_PROPERTY_ENDPOINTS.autoPropertyList, listed)).list;
    const byCode = Object.fromEntries(auto.map((property) => [property.code, property]));
    expect(Object.keys(byCode).sort()).toEqual(['MAC', 'RELAY', 'RSSI', 'WORK_MODE']);
    expect(auto.every((property) => property.status === 0)).toBe(true);
    expect(byCode.RSSI).toMatchObject({ name: '信号强度', dataType: 'int', verifyRule: 'RANGE', minValue: '-90', maxValue: '-20', description: '信号强度的检测' });
    expect(byCode.MAC).toMatchObject({ dataType: 'string', unique: true });
    expect(byCode.RELAY).toMatchObject({ dataType: 'boolean', falseValue: '断开', trueValue: '吸合', aimBooleanValue: 1 });
    expect(byCode.WORK_MODE).toMatchObject({ dataType: 'enum', enumMap: { 0: '自动', 1: '手动' }, aimEnumMap: { 0: '自动' } });
    const other = (await api(DTU_PROPERTY_ENDPOINTS.otherPropertyList, listed)).list;
    expect(other.map(({ category, property, checkTool, checkStandard, status }) => ({ category, property, checkTool, checkStandard, status }))).toEqual([
      { category: '外观检查', property: '外壳无划伤', checkTool: '目测', checkStandard: '距离30厘米目视无可见划痕', status: 0 },
    ]);
    const dtu = await api(DTU_ENDPOINTS.dtuDetail, { id: dtuId });
    expect(dtu).toMatchObject({
      dtuType: DTU,
      modelType: 'NRF52832',
      productCompany: '深圳蓝芯科技',
      standardVoltage: '3.3',
      bandRate: 115200,
      connectInternet: true,
      communicationType: 'bluetooth',
      testFirmwareVersion: 'v1.0.3',
      testFirmwareFileName: '采集器固件v1.0.3.bin',
      productFileOriginName: '生产工艺说明.pdf',
      bomListOriginName: '采集器BOM清单.csv',
      otherRequestFileOriginName: '包装要求.pdf',
    });
    expect(dtu.frontImageUrl).toMatch(/^\/api\/file\//);
    expect(dtu.backImageUrl).toMatch(/^\/api\/file\//);
  });

  it('goes back to the part with 确定 and archives the DTU', async () => {
    // the page's own 确定 (the drawers and confirmations are gone)
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/partsDetail');
    const dtuCard = page.getByRole('article', { name: DTU });
    await expect.poll(() => dtuCard.isVisible(), { timeout: 5000 }).toBe(true);
    await page.mouse.move(0, 0);
    await noticesGone(page);
    await shot(page, 'parts-detail.png');
    await dtuCard.hover();
    await dtuCard.getByRole('button', { name: '归档' }).click();
    await confirm(page, M.dtuArchiveConfirm);
    await expectSuccess(page, M.archived('DTU'));
    await expect.poll(() => dtuCard.count(), { timeout: 5000 }).toBe(0);
    // the part is as typed; its archived DTU has left its list
    const parts = (await api(FITTING_ENDPOINTS.fittingList, { page: 1, pageSize: 0 })).list;
    expect(parts.map(({ partDesc, fittingType, fittingTypeName }) => ({ partDesc, fittingType, fittingTypeName }))).toEqual([
      { partDesc: PART, fittingType: 1, fittingTypeName: 'DTU' },
    ]);
    expect(parts[0]!.partImageUrl).toMatch(/^\/api\/file\//);
    expect((await api(DTU_ENDPOINTS.dtuList, { fittingId: parts[0]!.id, page: 1, pageSize: 0 })).total).toBe(0);
    expect((await api(DTU_ENDPOINTS.dtuDetail, { id: dtuId })).status).toBe(DTU_STATUS.archived);

  });

  it('adds a communication module with its picture, and a DTU with its three files on the module page', async () => {
    await page.goto('/communication');
    await expect.poll(() => page.getByText('暂无通信模块').isVisible(), { timeout: 5000 }).toBe(true);
    await shot(page, 'communication-empty.png');
    await page.getByRole('button', { name: '新增通信模块' }).click();
    const moduleDrawer = panel(page, '新增通信模块');
    await moduleDrawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fieldError(moduleDrawer, M.moduleModelRequired).isVisible()).toBe(true);
    await expect.poll(() => fieldError(moduleDrawer, M.moduleTypeRequired).isVisible()).toBe(true);
    await expect.poll(() => fieldError(moduleDrawer, M.voltageRequired).isVisible()).toBe(true);
    await expect.poll(() => fieldError(moduleDrawer, M.companyRequired).isVisible()).toBe(true);
    await shot(page, 'communication-form-errors.png');
    await moduleDrawer.getByLabel('模块型号').fill(MODULE);
    await pickOption(page, moduleDrawer, '通信类型', '蓝牙');
    await moduleDrawer.getByLabel('工作电压').fill('3.3');
    await moduleDrawer.getByLabel('所属公司').fill('深圳蓝芯科技有限公司');
    await slot(moduleDrawer, '模块图片').setInputFiles(await png('模组.png', [20, 140, 120]));
    await moduleDrawer.getByRole('button', { name: '确定' }).click();
    await expectSuccess(page, M.moduleAdded);
    const moduleCard = page.getByRole('article', { name: MODULE });
    await expect.poll(() => moduleCard.isVisible(), { timeout: 5000 }).toBe(true);
    await moduleCard.hover();
    await expect.poll(() => moduleCard.getByRole('button', { name: '详情' }).isVisible()).toBe(true);
    await shot(page, 'communication-grid.png');

    // its page: the model goes through the address encoded twice and comes back whole
    await moduleCard.getByRole('button', { name: '详情' }).click();
    await expect.poll(() => pathOf(page)).toBe('/communicationDetail');
    expect(page.url()).toContain(`modelNumber=${encodeURIComponent(encodeURIComponent(MODULE))}`);
    await expect.poll(() => page.getByLabel('模块信息').textContent(), { timeout: 5000 }).toContain(MODULE);
    expect(await page.locator('.ant-breadcrumb').textContent()).toContain(MODULE);

    // 新增DTU: refused without its files, then saved with the three
    await page.getByRole('button', { name: '新增DTU' }).click();
    const moduleDtuDrawer = panel(page, '新增DTU');
    await moduleDtuDrawer.getByRole('button', { name: '确定' }).click();
    for (const text of [M.dtuTypeRequired, M.bomListRequired, M.productFileRequired, M.otherRequestRequired]) {
      await expect.poll(() => fieldError(moduleDtuDrawer, text).isVisible()).toBe(true);
    }
    await shot(page, 'communication-detail-dtu-form-errors.png');
    await moduleDtuDrawer.getByLabel('DTU型号').fill(MODULE_DTU);
    await slot(moduleDtuDrawer, 'BOM清单').setInputFiles(csv('模组BOM.csv'));
    await slot(moduleDtuDrawer, '生产文件').setInputFiles(pdf('模组生产文件.pdf'));
    await slot(moduleDtuDrawer, '其他要求').setInputFiles(pdf('模组其他要求.pdf'));
    await moduleDtuDrawer.getByRole('button', { name: '确定' }).click();
    await expectSuccess(page, M.dtuAdded);
    const dtuRow = page.getByRole('row').filter({ hasText: MODULE_DTU });
    await expect.poll(() => dtuRow.isVisible(), { timeout: 5000 }).toBe(true);
    for (const name of ['模组BOM.csv', '模组生产文件.pdf', '模组其他要求.pdf']) {
      expect(await dtuRow.getByRole('link', { name }).getAttribute('href')).toMatch(/^\/api\/file\//);
    }
    await shot(page, 'communication-detail.png');

    const modules = (await api(COMMUNICATION_ENDPOINTS.communicationList, { page: 1, pageSize: 0 })).list;
    expect(modules.map(({ modelType, communicationType, standardVoltage, productCompany, dtuCount }) => ({ modelType, communicationType, standardVoltage, productCompany, dtuCount }))).toEqual([
      { modelType: MODULE, communicationType: 'bluetooth', standardVoltage: '3.3', productCompany: '深圳蓝芯科技有限公司', dtuCount: 1 },
    ]);
    expect(modules[0]!.modelImageUrl).toMatch(/^\/api\/file\//);
    const moduleDtus = (await api(COMMUNICATION_ENDPOINTS.communicationDtuList, { communicationPartId: modules[0]!.id, page: 1, pageSize: 0 })).list;
    expect(moduleDtus.map(({ dtuType, bomListOriginName, productFileOriginName, otherRequestFileOriginName }) => ({ dtuType, bomListOriginName, productFileOriginName, otherRequestFileOriginName }))).toEqual([
      { dtuType: MODULE_DTU, bomListOriginName: '模组BOM.csv', productFileOriginName: '模组生产文件.pdf', otherRequestFileOriginName: '模组其他要求.pdf' },
    ]);
  });
});
