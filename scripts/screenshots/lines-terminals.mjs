// Screenshots of 产线管理, 终端管理 and 终端详情, empty and with data, into docs/screenshots/.
// Start a fresh server first (CAPTCHA=off, ADMIN_PASSWORD=Admin12345) and pass its address:
//   node scripts/screenshots/lines-terminals.mjs http://127.0.0.1:18123
// The data is made through the API as admin. Cards of PADs on tasks come with tasks (issue 5).
import { ENDPOINTS } from '@factory/contracts';
import { adminApi, openBrowser, signIn } from './harness.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:18123';
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';

async function seed(api) {
  const factories = await api(ENDPOINTS.factoryList, { pageSize: 0 });
  const factoryId = factories.list[0].id;
  const lines = [
    ['总装一线', 'ZZ_01', 1],
    ['总装二线', 'ZZ_02', 1],
    ['包装线', 'BZ_01', 1],
    ['老化测试线', 'LH_01', 0],
    ['返修线', 'FX_01', 0],
    ['SMT贴片线', 'SMT_01', 1],
  ];
  const ids = {};
  for (const [lineName, lineNum, status] of lines) {
    ids[lineNum] = await api(ENDPOINTS.lineAdd, { factoryId, lineName, lineNum });
    // A new line starts enabled.
    if (status === 0) await api(ENDPOINTS.lineChangeStatus, { id: ids[lineNum], status: 0 });
  }
  const categories = Object.entries(await api(ENDPOINTS.terminalCategory, { terminalType: 'PAD' }));
  const category = (inch) => Number(categories.find(([, name]) => name.startsWith(inch))[0]);
  const pads = [
    ['PAD-A001', '总装工位一', '21.5', 'ZZ_01'],
    ['PAD-A002', '总装工位二', '15', 'ZZ_01'],
    ['PAD-A003', '总装工位三', '11.5', 'ZZ_01'],
    ['PAD-B001', '二线工位一', '21.5', 'ZZ_02'],
    ['PAD-C001', '包装工位一', '15', 'BZ_01'],
    ['PAD-C002', '包装工位二', '11.5', 'BZ_01'],
    ['PAD-F001', '备用平板一', '21.5', null],
    ['PAD-F002', '备用平板二', '15', null],
    ['PAD-F003', '备用平板三', '11.5', null],
  ];
  for (const [terminalCode, terminalName, inch, line] of pads) {
    await api(ENDPOINTS.terminalAdd, { terminalCode, terminalName, terminalType: 'PAD', categoryId: category(inch), ...(line ? { lineId: ids[line] } : {}) });
  }
  for (const [terminalCode, terminalName] of [
    ['PDA-001', '入库手持一'],
    ['PDA-002', '入库手持二'],
    ['PDA-003', '出库手持一'],
  ]) {
    await api(ENDPOINTS.terminalAdd, { terminalCode, terminalName, terminalType: 'PDA' });
  }
}


const { browser, page, shot, open } = await openBrowser(base);

// Sign in through the page, as a person would.
await signIn(page, password);
const { api } = await adminApi(base, password);

// Empty
await open('/productionLine', '暂无产线');
await shot('production-line-empty');
await open('/terminalManage', '暂无终端');
await shot('terminal-manage-empty');
await open('/terminalDetail?status=UNUSE&type=PAD', '暂无终端');
await shot('terminal-detail-empty');

await seed(api);

// 产线管理 with data, its dialog's messages
await open('/productionLine', '总装一线');
await shot('production-line');
await page.getByRole('button', { name: '新增' }).click();
await page.getByLabel('产线名称', { exact: true }).fill('A');
await page.getByLabel('产线编号', { exact: true }).fill('编号');
await page.getByRole('button', { name: '确定' }).click();
await page.getByText('产线编号由2-12位英文字符和下划线字符组成').waitFor();
await shot('production-line-add-errors');
await page.getByRole('button', { name: '取消' }).click();
await page.getByLabel('产线名称或编号').fill('ZZ');
await page.keyboard.press('Enter');
await page.getByText('总装二线').waitFor();
await page.waitForTimeout(300);
await shot('production-line-search');

// 终端管理 with data: PAD tab with a hovered card, the side panel, the 新增终端 dialog, the 手持机 tab
await open('/terminalManage', '总装工位一');
await page.getByRole('article', { name: '总装工位一' }).hover();
await shot('terminal-manage', { fullPage: true });
await page.getByRole('article', { name: '总装工位一' }).getByRole('button', { name: '编辑' }).click();
await page.getByText('编辑终端').waitFor();
await shot('terminal-manage-edit');
await page.getByRole('button', { name: '取消' }).click();
await page.waitForTimeout(400);
await page.getByRole('button', { name: '新增终端' }).click();
await page.locator('.ant-modal').filter({ hasText: '新增终端' }).getByRole('button', { name: '确定' }).click();
await page.getByText('请输入终端编号').waitFor();
await shot('terminal-manage-add');
await page.getByRole('button', { name: '取消' }).click();
await page.waitForTimeout(400);
await page.getByRole('group', { name: '终端状态' }).getByRole('button', { name: /空闲/ }).click();
await page.waitForTimeout(500);
await shot('terminal-manage-idle-filter');
await page.getByRole('tab', { name: '手持机' }).click();
await page.getByText('入库手持一').waitFor();
await shot('terminal-manage-pda');

// 终端详情 of a line's group, and its rename dialog
await open('/terminalManage', '总装工位一');
await page.getByRole('article', { name: '总装工位二' }).getByText('PAD-A002').click();
await page.waitForURL(/terminalDetail/);
await page.getByText('总装工位三').waitFor();
await shot('terminal-detail');
await page.getByRole('row', { name: /总装工位一/ }).getByRole('button', { name: '编辑' }).click();
await page.getByLabel('终端名称', { exact: true }).fill('工位#1');
await page.locator('.ant-modal').filter({ hasText: '编辑终端名称' }).getByRole('button', { name: '确定' }).click();
await page.getByText('不能输入特殊字符').waitFor();
await shot('terminal-detail-rename');

await browser.close();
