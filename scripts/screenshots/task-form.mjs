// Screenshots of the two task-form steps (/basicInfo, /flowInfo) into docs/screenshots/.
// Start a fresh server first (CAPTCHA=off, ADMIN_PASSWORD=Admin12345) and pass its address:
//   node scripts/screenshots/task-form.mjs http://127.0.0.1:18473
// Lines, PADs and published products are made through the API as admin.
import { ENDPOINTS } from '@factory/contracts';
import { adminApi, dayFromToday, openBrowser, seedFlowProduct, seedLines, signIn } from './harness.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:18473';
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';

const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const day = dayFromToday;

const seedFormLines = (api) =>
  seedLines(api, [
    ['总装一线', `ZZ_01_${stamp}`],
    ['总装二线', `ZZ_02_${stamp}`],
    ['包装线', `BZ_01_${stamp}`],
  ]);

async function seedPads(api, lines) {
  const categories = Object.entries(await api(ENDPOINTS.terminalCategory, { terminalType: 'PAD' }));
  const category = (inch) => Number(categories.find(([, name]) => name.startsWith(inch))[0]);
  const pads = [
    ['上电工位平板', '21.5', '总装一线'],
    ['通信工位平板', '21.5', '总装一线'],
    ['按键工位平板', '15', '总装一线'],
    ['终检平板A', '15', '总装二线'],
    ['终检平板B', '11.5', '总装二线'],
  ];
  for (const [index, [terminalName, inch, line]] of pads.entries()) {
    await api(ENDPOINTS.terminalAdd, { terminalCode: `PAD-${stamp}-${index + 1}`, terminalName, terminalType: 'PAD', categoryId: category(inch), lineId: lines[line] });
  }
}

const seedProduct = (api, { number, flows, publish = true }) =>
  seedFlowProduct(api, {
    typeName: '智能网关',
    number: `${number}_${stamp}`,
    code: `${number}_C_${stamp}`,
    flows,
    description: '家用智能网关，支持子设备接入与远程升级',
    publish,
  });

const { api } = await adminApi(base, password);
const lines = await seedFormLines(api);
await seedPads(api, lines);
const gw100 = `GW_100_${stamp}`;
await seedProduct(api, { number: 'GW_100', flows: ['上电检测', '通信检测', '按键检测', '整机终检'] });
const gw200 = await seedProduct(api, { number: 'GW_200', flows: ['上电检测', '整机终检'] });
await seedProduct(api, { number: 'GW_DRAFT', flows: ['上电检测'], publish: false });

const { browser, page, shot, open } = await openBrowser(base);
const openDropdown = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
const choose = async (field, option) => {
  await page.getByLabel(field, { exact: true }).click();
  await page.locator(`${openDropdown} .ant-select-item-option[title="${option}"]`).click();
  await page.waitForTimeout(250);
};
const closeDropdowns = async () => {
  await page.keyboard.press('Escape');
  await page.locator('.page-header__title').click();
  await page.waitForTimeout(300);
};

await signIn(page, password);

// Step 1, new and empty: every message after 下一步
await open('/basicInfo', '基本信息');
await page.getByRole('button', { name: '下一步' }).click();
await page.locator('.ant-form-item-explain-error', { hasText: '请选择截止时间' }).waitFor();
await shot('task-form-basic');

// Step 1 filled
await choose('产品类型', '智能网关');
await choose('产品型号', gw100);
await choose('产线', `总装一线 (ZZ_01_${stamp})`);
await page.locator(`${openDropdown} .ant-select-item-option[title="总装二线 (ZZ_02_${stamp})"]`).click();
await closeDropdowns();
await page.getByRole('spinbutton', { name: '生产总量' }).fill('500');
await page.getByPlaceholder('请选择截止时间').fill(day(14));
await page.getByPlaceholder('请选择截止时间').press('Tab');
await closeDropdowns();
await shot('task-form-basic-filled');

// Step 2: some flows chosen, the next flow's select open with the taken terminals disabled
await page.getByRole('button', { name: '下一步' }).click();
await page.waitForURL((url) => url.pathname === '/flowInfo');
await page.getByRole('combobox', { name: '流程1 上电检测' }).waitFor();
const taskId = Number(new URL(page.url()).searchParams.get('id'));
const padOption = (name, line) => page.locator(`${openDropdown} .ant-select-item-option[title^="${name} ("][title$="· ${line}"]`);
const chooseFlow = async (flow, name, line) => {
  await page.getByRole('combobox', { name: flow }).click();
  await padOption(name, line).click();
  await closeDropdowns();
};
await chooseFlow('流程1 上电检测', '上电工位平板', '总装一线');
await chooseFlow('流程2 通信检测', '通信工位平板', '总装一线');
// flow 3 keeps its message in sight; flow 4's open select shows the terminals taken by flows 1 and 2
await page.getByRole('combobox', { name: '流程4 整机终检' }).click();
await padOption('终检平板A', '总装二线').waitFor();
await shot('task-form-flows');

// Step 2 complete: 提交 in place of the message
await padOption('终检平板A', '总装二线').click();
await padOption('终检平板B', '总装二线').click();
await closeDropdowns();
await chooseFlow('流程3 按键检测', '按键工位平板', '总装一线');
await page.getByRole('button', { name: '提交' }).waitFor();
await shot('task-form-flows-complete');
await page.getByRole('button', { name: '提交' }).click();
await page.waitForURL((url) => url.pathname === '/productionCenter');

// 修改任务, prefilled from the server (the task is UNSTART now)
await open(`/basicInfo?id=${taskId}`, '修改任务');
await page.locator('.ant-select-content-has-value', { hasText: gw100 }).waitFor();
await page.waitForTimeout(300);
await shot('task-form-edit');
// saving the unchanged basics leads back to step 2 with the terminals already on the flows
await page.getByRole('button', { name: '下一步' }).click();
await page.waitForURL((url) => url.pathname === '/flowInfo');
await page.getByRole('button', { name: '提交' }).waitFor();

// Step 2 of a task whose lines hold no PAD
const emptyTaskId = await api(ENDPOINTS.taskCreate, {
  productTypeId: (await api(ENDPOINTS.productTypes)).find((type) => type.name === '智能网关').id,
  productId: gw200,
  productionLineIds: [lines['包装线']],
  productionCount: 20,
  expireTime: day(7),
});
await open(`/flowInfo?id=${emptyTaskId}&productionLineIds=${lines['包装线']}`, '任务所在产线上暂无终端');
await shot('task-form-flows-no-terminal');

// A link without a task
await open('/flowInfo', '未指定任务');
await shot('task-form-flows-no-task');

await browser.close();
