import { ACCESSORY_MSG, DTU_ENDPOINTS as DTU, DTU_PROPERTY_ENDPOINTS as P } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../lib/session-store';
import { answer, refuse } from '../../../../test/fake-server';
import { loginResultWith } from '../../../../test/fixtures';
import { chooseOption, findDialog } from '../../../../test/line-terminal-fixtures';
import { renderPage } from '../../../../test/render-page';
import {
  answerQuestion,
  autoOf,
  dtuOf,
  fill,
  findPanel,
  findTable,
  openAddPanel,
  otherOf,
  potionServer,
  sentFields,
  serialOf,
  submitPanel,
  tableOf,
  valueOf,
} from '../potion-fixtures';

configure({ asyncUtilTimeout: 5000 });

const ADDRESS = '/partsPotion?dtuId=7&partsId=3&partsType=1&communicationType=bluetooth';

/** The value beside a label of a Descriptions block. */
const fieldOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling;
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text, { selector: 'td' }).closest('tr')!;
const cellsOf = (table: HTMLElement, text: string) => within(rowOf(table, text)).getAllByRole('cell').map((cell) => cell.textContent);
const headersOf = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((header) => header.textContent);

const rssi = serialOf({ id: 1 });
const loopback = serialOf({ id: 2, name: '串口回环', code: 'SERIAL_LOOPBACK', verifyRule: 'EQUAL', aimValue: 'OK', minValue: null, maxValue: null, unit: null, status: 1 });
const autos = [
  autoOf({ id: 11, name: '设备IMEI', code: 'IMEI', dataType: 'string', unique: true, description: '设备的身份' }),
  autoOf({ id: 12, name: '信号强度', code: 'RSSI', dataType: 'int', verifyRule: 'RANGE', minValue: '-90', maxValue: '-30' }),
  autoOf({ id: 13, name: '电池电量', code: 'BATTERY', dataType: 'float', verifyRule: 'EQUAL', aimValue: '100' }),
  autoOf({ id: 14, name: '服务器校验', code: 'SERVER_VERIFY', dataType: 'boolean', trueValue: '通过', falseValue: '失败', aimBooleanValue: 1 }),
  autoOf({ id: 15, name: '工作模式', code: 'MODE', dataType: 'enum', enumMap: { 0: '低', 1: '中', 2: '高' }, aimEnumMap: { 0: '低', 2: '高' }, status: 1 }),
];
const checks = [otherOf({ id: 21 }), otherOf({ id: 22, category: '包装检查', property: '标签完整', checkTool: '目测', checkStandard: '标签清晰' })];

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('/partsPotion DTU属性设置', () => {
  it('shows the DTU, its files as links and its images', async () => {
    const server = potionServer();
    await renderPage(ADDRESS);
    const info = await screen.findByRole('region', { name: 'DTU信息' });

    expect(screen.getByRole('heading', { name: 'DTU属性设置' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件管理/配件详情/DTU属性设置');
    const shown = ['DTU型号', '模块型号', '模块供应商', '供电电压', '波特率', '网络支持', '通信方式'].map((label) => fieldOf(info, label)?.textContent);
    expect(shown).toEqual(['DTU7', 'BLE_5001', '海容科技', '5.0V', '115200', '支持', '蓝牙']);
    const bom = within(fieldOf(info, 'BOM清单') as HTMLElement).getByRole('link', { name: 'BOM-v3.xlsx' });
    expect([bom.getAttribute('href'), bom.getAttribute('target')]).toEqual(['/api/file/bom1', '_blank']);
    expect(within(fieldOf(info, '生产文件') as HTMLElement).getByRole('link', { name: '生产说明.pdf' })).toBeTruthy();
    expect(fieldOf(info, '其他要求')?.textContent).toBe('-');
    expect(fieldOf(info, '升级固件')?.textContent).toBe('ble-test-1.2.0.bin版本 1.2.0');
    expect(within(info).getByRole('img', { name: '正面图片' }).getAttribute('src')).toBe('/api/file/front1');
    expect(within(info).getByRole('img', { name: '背面图片' }).getAttribute('src')).toBe('/api/file/back1');
    expect(server.calls(DTU.dtuDetail)[0]?.query).toEqual({ id: '7' });
  });

  it('shows the three tables with their columns, 5 rows a page', async () => {
    const server = potionServer({ serial: [rssi, loopback], auto: autos, other: checks });
    await renderPage(ADDRESS);
    const serial = await findTable('串口检测属性');
    await within(serial).findByText('蓝牙信号强度');
    expect(headersOf(serial)).toEqual(['序号', '属性名称', '标识符', '校验方式', '检测标准', '检测状态', '操作']);
    expect(cellsOf(serial, 'BLE_RSSI')).toEqual(['1', '蓝牙信号强度', 'BLE_RSSI', '范围', '-80 ~ -20 dBm', '未开启', '开启检测编辑删除']);
    expect(cellsOf(serial, 'SERIAL_LOOPBACK')).toEqual(['2', '串口回环', 'SERIAL_LOOPBACK', '单值', 'OK', '已开启', '停止检测编辑删除']);
    expect(server.calls(P.serialPropertyList)[0]?.query).toEqual({ dtuId: '7', page: '1', pageSize: '5' });

    const auto = tableOf('自动检测属性');
    await within(auto).findByText('设备IMEI');
    expect(headersOf(auto)).toEqual(['序号', '属性名称', '标识符', '数据类型', '检测标准', '描述', '检测状态', '操作']);
    expect(cellsOf(auto, 'IMEI').slice(3, 6)).toEqual(['字符串(string)', '唯一', '设备的身份']);
    expect(cellsOf(auto, 'RSSI').slice(4, 6)).toEqual(['-90 ~ -30', '-']);
    expect(cellsOf(auto, 'BATTERY')[4]).toBe('100');
    expect(cellsOf(auto, 'SERVER_VERIFY')[4]).toBe('通过');
    expect(cellsOf(auto, 'MODE')[4]).toBe('低、高');

    const other = tableOf('其他检测属性');
    await within(other).findByText('包装检查');
    expect(headersOf(other)).toEqual(['序号', '检测类别', '检测项目', '检测工具', '检测标准', '检测状态', '操作']);
    expect(cellsOf(other, '包装检查')).toEqual(['2', '包装检查', '标签完整', '目测', '标签清晰', '未开启', '开启检测编辑删除']);
  });

  it('hides the serial table, and asks nothing of it, for a DTU that is not bluetooth', async () => {
    const server = potionServer({ dtu: dtuOf({ id: 7, communicationType: 'WIFI', communicationTypeDesc: 'WIFI' }) });
    // The address's type is older than the DTU: the DTU's own decides.
    await renderPage(ADDRESS);
    await findTable('自动检测属性');
    expect(screen.queryByRole('region', { name: '串口检测属性' })).toBeNull();
    expect(server.calls(P.serialPropertyList)).toHaveLength(0);
    expect(tableOf('其他检测属性')).toBeTruthy();
  });

  it('shows 不支持 and no communication method for a DTU without networking', async () => {
    potionServer({
      dtu: dtuOf({ id: 7, connectInternet: false, communicationType: null, communicationTypeDesc: '', testFirmwareUrl: null, testFirmwareFileName: null }),
    });
    await renderPage('/partsPotion?dtuId=7&partsId=3&partsType=1&communicationType=');
    const info = await screen.findByRole('region', { name: 'DTU信息' });
    expect(fieldOf(info, '网络支持')?.textContent).toBe('不支持');
    expect(within(info).queryByText('通信方式')).toBeNull();
    expect(fieldOf(info, '升级固件')?.textContent).toBe('-');
    expect(screen.queryByRole('region', { name: '串口检测属性' })).toBeNull();
  });

  it('opens and stops testing after the confirmation, then reads page 1 again', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 7 }, (_, index) => otherOf({ id: 30 + index, category: `类别${index + 1}` }));
    const server = potionServer({ other: [...many, otherOf({ id: 40, category: '已开启类别', status: 1 })] });
    await renderPage(ADDRESS);
    const other = await findTable('其他检测属性');
    await within(other).findByText('类别1');

    await user.click(within(other).getByRole('listitem', { name: '2' }));
    await within(other).findByText('已开启类别');
    await user.click(within(rowOf(other, '已开启类别')).getByRole('button', { name: '停止检测' }));
    await answerQuestion(user, ACCESSORY_MSG.stopConfirm);
    expect(await screen.findByText(ACCESSORY_MSG.stopped('其他'))).toBeTruthy();
    expect(sentFields(server.calls(P.otherPropertyChangeStatus)[0])).toEqual({ id: '40', status: '0' });
    await waitFor(() => expect(server.calls(P.otherPropertyList).at(-1)?.query).toEqual({ dtuId: '7', page: '1', pageSize: '5' }));
    await within(other).findByText('类别1');

    // 取消 sends nothing
    await user.click(within(rowOf(other, '类别1')).getByRole('button', { name: '开启检测' }));
    await answerQuestion(user, ACCESSORY_MSG.openConfirm, '取消');
    await user.click(within(rowOf(other, '类别2')).getByRole('button', { name: '开启检测' }));
    await answerQuestion(user, ACCESSORY_MSG.openConfirm);
    expect(await screen.findByText(ACCESSORY_MSG.opened('其他'))).toBeTruthy();
    expect(server.calls(P.otherPropertyChangeStatus).map(sentFields)).toEqual([
      { id: '40', status: '0' },
      { id: '31', status: '1' },
    ]);
  });

  it('deletes after the confirmation, and keeps edit and delete of a property under test waiting', async () => {
    // antd lets a disabled button's tooltip show on hover
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const server = potionServer({ serial: [rssi, loopback] });
    await renderPage(ADDRESS);
    const serial = await findTable('串口检测属性');
    await within(serial).findByText('蓝牙信号强度');

    const testing = within(rowOf(serial, 'SERIAL_LOOPBACK'));
    for (const name of ['编辑', '删除']) expect((testing.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    await user.hover(testing.getByRole('button', { name: '编辑' }));
    expect(await screen.findByText(ACCESSORY_MSG.propertyTesting)).toBeTruthy();

    await user.click(within(rowOf(serial, 'BLE_RSSI')).getByRole('button', { name: '删除' }));
    await answerQuestion(user, ACCESSORY_MSG.deleteConfirm);
    expect(await screen.findByText(ACCESSORY_MSG.deleted('串口'))).toBeTruthy();
    expect(sentFields(server.calls(P.serialPropertyDelete)[0])).toEqual({ id: '1' });
    await waitFor(() => expect(server.calls(P.serialPropertyList).length).toBeGreaterThan(1));
  });

  it('shows the server refusing an edit of a property that went under test meanwhile', async () => {
    const user = userEvent.setup();
    potionServer({ other: checks }, refuse(P.otherPropertyDelete, ACCESSORY_MSG.propertyTesting, 409));
    await renderPage(ADDRESS);
    const other = await findTable('其他检测属性');
    await within(other).findByText('包装检查');
    await user.click(within(rowOf(other, '包装检查')).getByRole('button', { name: '删除' }));
    await answerQuestion(user, ACCESSORY_MSG.deleteConfirm);
    expect(await screen.findByText(ACCESSORY_MSG.propertyTesting)).toBeTruthy();
  });

  it('adds from 新增: the panel closes, the list is read again and the next panel starts empty; 编辑 opens the row', async () => {
    const user = userEvent.setup();
    const server = potionServer({ dtu: dtuOf({ id: 7, communicationType: 'WIFI' }), other: checks });
    await renderPage(ADDRESS);
    const other = await findTable('其他检测属性');
    await within(other).findByText('包装检查');

    const panel = await openAddPanel(user, '其他检测属性', '新增其他检测属性');
    for (const [label, text] of [['检测类别', '功能检查'], ['检测项目', '按键'], ['检测工具', '手测'], ['检测标准', '按键有效']]) {
      await fill(user, panel.getByLabelText(label!), text!);
    }
    const lists = server.calls(P.otherPropertyList).length;
    await submitPanel(user, panel);
    expect(await screen.findByText(ACCESSORY_MSG.added('其他'))).toBeTruthy();
    await waitFor(() => expect(server.calls(P.otherPropertyList).length).toBeGreaterThan(lists));
    await waitFor(() => expect(screen.queryByText('新增其他检测属性')).toBeNull());

    const again = await openAddPanel(user, '其他检测属性', '新增其他检测属性');
    expect(valueOf(again, '检测类别')).toBe('');
    await user.click(again.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('新增其他检测属性')).toBeNull());

    await user.click(within(rowOf(other, '包装检查')).getByRole('button', { name: '编辑' }));
    const edit = await findPanel('编辑其他检测属性');
    expect(valueOf(edit, '检测项目')).toBe('标签完整');
  });

  it('returns to the part with 确定', async () => {
    const user = userEvent.setup();
    potionServer();
    const { router } = await renderPage(ADDRESS);
    await findTable('自动检测属性');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/partsDetail?partsId=3&partsType=1'));
  });

  it('finds the part from the DTU when the address leaves it out', async () => {
    const user = userEvent.setup();
    potionServer({ dtu: dtuOf({ id: 7, fittingId: 5 }) });
    const { router } = await renderPage('/partsPotion?dtuId=7');
    await findTable('自动检测属性');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(router.state.location.search).toBe('?partsId=5&partsType=1'));
  });

  it('opens the DTU form from the edit icon and reads the DTU again after saving', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const { router } = await renderPage(ADDRESS);
    const info = await screen.findByRole('region', { name: 'DTU信息' });
    await user.click(within(info).getByRole('button', { name: '编辑DTU' }));
    const panel = within(await findDialog('编辑DTU'));
    // The DTU becomes a WIFI one: the serial table goes and the address follows.
    server.put(answer(DTU.dtuDetail, dtuOf({ id: 7, communicationType: 'WIFI', communicationTypeDesc: 'WIFI' })));
    await user.click(panel.getByRole('combobox', { name: '通信方式' }));
    await chooseOption(user, 'WIFI');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.dtuEdited)).toBeTruthy();
    expect(server.calls(DTU.dtuEdit)[0]?.json).toMatchObject({ id: 7, communicationType: 'WIFI' });
    await waitFor(() => expect(screen.queryByRole('region', { name: '串口检测属性' })).toBeNull());
    expect(await within(info).findByText('WIFI')).toBeTruthy();
    expect(router.state.location.search).toBe('?dtuId=7&partsId=3&partsType=1&communicationType=WIFI');
  });

  it('shows an archived DTU read-only', async () => {
    potionServer({ dtu: dtuOf({ id: 7, status: -1 }), serial: [rssi], auto: autos, other: checks });
    await renderPage(ADDRESS);
    expect(await screen.findByText('该DTU已归档')).toBeTruthy();
    const info = screen.getByRole('region', { name: 'DTU信息' });
    expect(within(info).queryByRole('button', { name: '编辑DTU' })).toBeNull();
    for (const title of ['串口检测属性', '自动检测属性', '其他检测属性']) {
      const table = await findTable(title);
      await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
      expect(within(table).queryByRole('button', { name: '新增' })).toBeNull();
      expect(headersOf(table)).not.toContain('操作');
      for (const name of ['开启检测', '停止检测', '编辑', '删除']) expect(within(table).queryByRole('button', { name })).toBeNull();
    }
    // still a way back
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
  });

  it('shows DTU不存在 for a DTU the server does not know', async () => {
    const server = potionServer({}, refuse(DTU.dtuDetail, '该DTU不存在', 404));
    await renderPage(ADDRESS);
    expect(await screen.findByText('DTU不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回配件详情' })).toBeTruthy();
    expect(server.calls(P.autoPropertyList)).toHaveLength(0);
  });

  it('says so, and asks nothing, for an address without a DTU', async () => {
    const server = potionServer();
    await renderPage('/partsPotion?partsId=3');
    expect(await screen.findByText('未指定DTU')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
  });
});
