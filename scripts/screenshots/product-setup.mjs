// Screenshots of 属性定义 (/productPotion) and 流程设置 (/productFlow), empty and with data, into docs/screenshots/.
// Start a fresh server first (CAPTCHA=off, ADMIN_PASSWORD=Admin12345) and pass its address:
//   node scripts/screenshots/product-setup.mjs http://127.0.0.1:18147
// The data is made through the API as admin.
import { ENDPOINTS } from '@factory/contracts';
import { adminApi, openBrowser, signIn } from './harness.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:18147';
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';

/** The id of the first item of a lookup list (ENDPOINTS.productTypes, dataFormats, units) whose name has `label`. */
const lookup = async (api, endpoint, label) => (await api(endpoint)).find((item) => item.name.includes(label)).id;

async function createProduct(api, number, code, communicationId) {
  return api(ENDPOINTS.productCreate, {
    productTypeId: await lookup(api, ENDPOINTS.productTypes, '网关'),
    number,
    code,
    connectInternet: true,
    communicationId,
    dataFormatId: await lookup(api, ENDPOINTS.dataFormats, 'JSON'),
    description: '家用智能网关，支持 2.4G 子设备接入与远程升级',
  });
}

async function seed(api, productId) {
  const volt = await lookup(api, ENDPOINTS.units, '伏特');
  const celsius = await lookup(api, ENDPOINTS.units, '摄氏度');
  const props = [
    { name: '电源开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', description: '主电源状态' },
    { name: '供电电压', code: 'voltage', dataTypeId: 'float', min: '0', max: '5', unitId: volt, description: '板载供电电压' },
    { name: '工作温度', code: 'temperature', dataTypeId: 'int', min: '-20', max: '70', unitId: celsius, description: '芯片温度' },
    { name: '固件版本', code: 'firmware_version', dataTypeId: 'string', length: '16', description: '当前固件版本号' },
    { name: '信号档位', code: 'signal_level', dataTypeId: 'enum', enumerates: { 0: '弱', 1: '中', 2: '强' }, description: '无线信号强度档位' },
    { name: '说明书', code: 'manual_url', dataTypeId: 'url', valueDescription: 'https://example.com/gw100', description: '电子说明书链接' },
    { name: '待机功率', code: 'standby_power', dataTypeId: 'double', min: '0', max: '2.5', description: '待机状态功率' },
  ];
  for (const prop of props) await api(ENDPOINTS.propertyAdd, { productId, valueDescription: '', ...prop });
  const list = (await api(ENDPOINTS.propertyList, { productId, pageSize: 0 })).list;
  const id = (code) => list.find((prop) => prop.code === code).id;

  const flows = [
    ['上电检测', [{ id: id('power'), normalBoolean: 1 }, { id: id('voltage'), intervalNumber: 1, normalValue: '3.1', normalValueMax: '3.5' }]],
    ['通信检测', [{ id: id('signal_level'), normalEnums: ['1', '2'] }], true],
    ['温度检测', [{ id: id('temperature'), intervalNumber: 1, normalValue: '10', normalValueMax: '45' }]],
    ['版本校验', [{ id: id('firmware_version'), normalStr: 'v2.1.0' }]],
    ['按键检测', []],
    ['指示灯检测', []],
    ['老化测试', [{ id: id('standby_power'), normalValue: '1.2' }]],
    ['外观检查', []],
    ['包装前检测', []],
    ['整机终检', [{ id: id('power'), normalBoolean: 0 }], true],
  ];
  for (const [name, items, bindMac] of flows) {
    const form = new FormData();
    form.append(
      'productFlowParams',
      JSON.stringify({ productId, name, bindMac: Boolean(bindMac), items, manualItems: name === '外观检查' ? ['外壳无划痕', '标签端正'] : ['外壳完好'] }),
    );
    if (name === '上电检测') {
      form.append('pdf', new Blob(['%PDF-1.4\n% guide\n'], { type: 'application/pdf' }), '上电检测指导书.pdf');
    }
    await api(ENDPOINTS.flowAdd, form);
  }
  // Editing a property a flow checks makes that flow not normal (温度检测).
  const temperature = list.find((prop) => prop.code === 'temperature');
  await api(ENDPOINTS.propertyEdit, { ...temperature, productId, min: '-40', max: '85', unitId: celsius, valueDescription: '', enumerates: null, length: '' });
}

const { browser, page, shot, open } = await openBrowser(base);
const drawer = () => page.locator('.ant-drawer-open');
const chooseType = async (name) => {
  await drawer().getByRole('combobox', { name: '数据类型' }).click();
  // the dropdown of the last choice may still be closing
  await page.waitForTimeout(300);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${name}"]`).click();
  await page.waitForTimeout(200);
};

await signIn(page, password);
const { api } = await adminApi(base, password);

const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const emptyId = await createProduct(api, `GW_EMPTY_${stamp}`, `EMPTY_${stamp}`, 'WIFI');
const productId = await createProduct(api, `GW_100_${stamp}`, `GW100_${stamp}`, '2.4G');

// Empty
await open(`/productPotion?id=${emptyId}`, '暂无自定义属性');
await shot('product-potion-empty');
await open(`/productFlow?id=${emptyId}`, '新增流程');
await shot('product-flow-empty');

await seed(api, productId);

// 属性定义 with data, and the side panel per data type with its messages
await open(`/productPotion?id=${productId}`, '供电电压');
await shot('product-potion');
await page.getByRole('button', { name: '新增', exact: true }).click();
await drawer().getByText('新增自定义属性').waitFor();
await drawer().getByPlaceholder('请输入属性名称').fill('指示灯');
await drawer().getByPlaceholder('请输入标识符').fill('led');
await drawer().getByPlaceholder('请输入属性描述').fill('指示灯状态');
await chooseType('布尔型');
await drawer().getByLabel('1 (true)').fill('亮');
await drawer().getByLabel('0 (false)').fill('亮');
await drawer().getByRole('button', { name: '确定' }).click();
await page.getByText('true和false的值不能一致').waitFor();
await shot('product-potion-panel-boolean');
await chooseType('整数型');
await drawer().getByLabel('最小值').fill('10');
await drawer().getByLabel('最大值').fill('5');
await drawer().getByRole('button', { name: '确定' }).click();
await page.getByText('最小值应比最大值小').waitFor();
await drawer().getByRole('combobox', { name: '单位' }).click();
await page.locator('.ant-select-item-option[title="伏特(V)"]').click();
await shot('product-potion-panel-numeric');
await chooseType('字符串');
await drawer().getByLabel('取值长度').fill('0');
await drawer().getByRole('button', { name: '确定' }).click();
await page.getByText('取值长度不规范').waitFor();
await shot('product-potion-panel-string');
await chooseType('枚举型');
await drawer().getByLabel('枚举值0', { exact: true }).fill('常亮');
await drawer().getByRole('button', { name: /添加枚举值/ }).click();
await drawer().getByLabel('枚举值1', { exact: true }).fill('闪烁');
await drawer().getByRole('button', { name: /添加枚举值/ }).click();
await drawer().getByLabel('枚举值2', { exact: true }).fill('闪烁');
await drawer().getByRole('button', { name: '确定' }).click();
await page.getByText('枚举标识符存在相同项').waitFor();
await shot('product-potion-panel-enum');
await chooseType('链接');
await drawer().getByLabel('链接', { exact: true }).fill('https://example.com/led');
await shot('product-potion-panel-url');
await page.getByRole('button', { name: '取消' }).click();
await page.waitForTimeout(400);

// 流程设置 with ten flows (a snake of two rows, 温度检测 not normal), hovered tile, dialogs and panel
await open(`/productFlow?id=${productId}`, '整机终检');
await page.getByRole('button', { name: /^流程3 / }).locator('.flow-tile__warning').hover();
await page.getByText('流程3的属性已被修改，请重新编辑该流程').waitFor();
await shot('product-flow');
await page.getByRole('button', { name: /^流程2 / }).hover();
await shot('product-flow-hover');
await page.getByRole('button', { name: /^流程1 / }).click();
await page.getByText('流程1详情').waitFor();
await shot('product-flow-detail-dialog');
await page.keyboard.press('Escape');
await page.waitForTimeout(400);
await page.getByRole('button', { name: /^流程2 / }).hover();
await page.getByRole('button', { name: /^流程2 / }).getByRole('button', { name: '排序' }).click();
await page.getByRole('combobox', { name: '目标位置' }).click();
await page.locator('.ant-select-item-option[title="流程2 通信检测"]').click();
await page.locator('.ant-modal').getByRole('button', { name: /确\s*定/ }).click();
await page.getByText('该流程还处于当前顺序').waitFor();
await shot('product-flow-sort-same');
await page.keyboard.press('Escape');
// let the warning fade before the next picture
await page.waitForTimeout(3500);
await page.getByRole('button', { name: /^流程3 / }).hover();
await page.getByRole('button', { name: /^流程3 / }).getByRole('button', { name: '编辑' }).click();
await drawer().getByText('编辑流程').waitFor();
await drawer().getByLabel('工作温度最小值').waitFor();
await shot('product-flow-panel-edit');
await page.getByRole('button', { name: '取消' }).click();
await page.waitForTimeout(400);
await page.getByRole('button', { name: '新增流程' }).click();
await drawer().getByText('新增流程').first().waitFor();
await drawer().getByPlaceholder('请输入流程名称').fill('出厂复检');
for (const name of ['电源开关', '供电电压', '信号档位', '固件版本']) {
  await drawer().getByRole('list', { name: '未选检测项' }).getByRole('checkbox', { name }).click();
}
await drawer().getByRole('button', { name: /添加手动检测项/ }).click();
await drawer().getByLabel('手动检测项1', { exact: true }).fill('外');
await drawer().getByRole('button', { name: '确定' }).click();
await page.getByText('第1个手动检查项小于2个字符').waitFor();
await shot('product-flow-panel-add');
await drawer().getByText('第1个手动检查项小于2个字符').scrollIntoViewIfNeeded();
await shot('product-flow-panel-add-manual');
await page.getByRole('button', { name: '取消' }).click();
await page.waitForTimeout(3500);

// Drag and drop in a real browser: a tile onto a tile swaps, onto a connector moves it there.
await page.getByRole('button', { name: /^流程1 / }).dragTo(page.getByRole('button', { name: /^流程4 / }));
await page.getByText('流程排序成功').first().waitFor();
await page.getByRole('button', { name: /^流程1 版本校验/ }).waitFor();
await page.waitForTimeout(3500);
const tenth = page.getByRole('button', { name: /^流程10 / });
await tenth.dragTo(page.locator('.flow-grid__connector').first());
await page.getByText('流程排序成功').first().waitFor();
await page.getByRole('button', { name: /^流程2 整机终检/ }).waitFor();
await shot('product-flow-after-drag');

// 导出JSON downloads the file under the server's name.
await open(`/productPotion?id=${productId}`, '供电电压');
const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出JSON' }).click()]);
console.log('downloaded', download.suggestedFilename());

await browser.close();
