import { ACCESSORY_MSG as M, type AutoProperty, DTU_CATALOGUE_ENDPOINTS as CATALOGUE, DTU_PROPERTY_ENDPOINTS as P, MSG } from '@factory/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../lib/session-store';
import { loginResultWith } from '../../../../test/fixtures';
import { chooseOption } from '../../../../test/line-terminal-fixtures';
import {
  autoOf,
  clickRadio,
  errorsOf,
  expectErrors,
  fill,
  type Panel,
  potionServer,
  renderPanel,
  sentFields,
  submitPanel,
  valueOf,
} from '../potion-fixtures';
import { AutoPropertyDrawer } from './auto-property-drawer';

configure({ asyncUtilTimeout: 5000 });

/** The panel of DTU 7 (WIFI), adding or editing. */
const openAutoPanel = (property: AutoProperty | null = null) =>
  renderPanel(
    (onClose) => <AutoPropertyDrawer open dtuId={7} communicationType="WIFI" property={property} onClose={onClose} />,
    property ? '编辑自动检测属性' : '新增自动检测属性',
  );

async function chooseType(user: UserEvent, panel: Panel, name: string) {
  await user.click(panel.getByRole('combobox', { name: '数据类型' }));
  await chooseOption(user, name);
}

/** A named property with a data type, ready for its standard. */
async function openTyped(user: UserEvent, type: string) {
  const { panel } = await openAutoPanel();
  await fill(user, panel.getByPlaceholderText('请输入属性名称'), '测试属性');
  await fill(user, panel.getByPlaceholderText('请输入标识符'), 'TEST_VALUE');
  await chooseType(user, panel, type);
  return panel;
}

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('自动检测属性 panel', () => {
  it('checks name, code, data type and description', async () => {
    const user = userEvent.setup();
    potionServer();
    const { panel } = await openAutoPanel();

    await submitPanel(user, panel);
    await expectErrors(panel, [MSG.propertyNameRequired, MSG.propertyCodeRequired, MSG.dataTypeRequired]);
    await fill(user, panel.getByPlaceholderText('请输入属性名称'), '信');
    await fill(user, panel.getByPlaceholderText('请输入标识符'), '信号');
    await fill(user, panel.getByPlaceholderText('请输入属性描述'), '长'.repeat(101));
    await expectErrors(panel, [MSG.propertyNameRule, MSG.propertyCodeRule, MSG.dataTypeRequired, M.autoDescriptionTooLong]);
  });

  it('checks a numeric range, then a single value, in the server order', async () => {
    const user = userEvent.setup();
    potionServer();
    const panel = await openTyped(user, '整数(int)');

    await submitPanel(user, panel);
    await expectErrors(panel, [MSG.rangeRequired]);
    const min = panel.getByLabelText('最小值');
    const max = panel.getByLabelText('最大值');
    await fill(user, min, '1');
    await expectErrors(panel, [MSG.rangeRequired]);
    expect(max.getAttribute('aria-invalid')).toBe('true');
    await fill(user, max, '1.5');
    await expectErrors(panel, [MSG.rangeNotNumber]);
    expect(max.getAttribute('aria-invalid')).toBe('true');
    await fill(user, max, '0');
    await expectErrors(panel, [MSG.rangeOrder]);
    await fill(user, max, '10');
    await expectErrors(panel, []);

    await clickRadio(user, panel, '单值');
    await panel.findByLabelText('标准值');
    await submitPanel(user, panel);
    await expectErrors(panel, [M.aimRequired]);
    await fill(user, panel.getByLabelText('标准值'), '3.5');
    await expectErrors(panel, [M.aimNotNumber]);
  });

  it('asks nothing of a unique value, and clears the standards when the mode or uniqueness changes', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const panel = await openTyped(user, '浮点数(float)');

    await fill(user, panel.getByLabelText('最小值'), '1');
    await fill(user, panel.getByLabelText('最大值'), '2');
    await clickRadio(user, panel, '单值');
    await fill(user, await panel.findByLabelText('标准值'), '5');
    await clickRadio(user, panel, '范围');
    await panel.findByLabelText('最小值');
    expect([valueOf(panel, '最小值'), valueOf(panel, '最大值')]).toEqual(['', '']);
    await fill(user, panel.getByLabelText('最小值'), '1');

    await user.click(panel.getByRole('switch', { name: '唯一' }));
    await waitFor(() => expect(panel.queryByLabelText('最小值')).toBeNull());
    await user.click(panel.getByRole('switch', { name: '唯一' }));
    await panel.findByLabelText('最小值');
    expect(valueOf(panel, '最小值')).toBe('');

    await user.click(panel.getByRole('switch', { name: '唯一' }));
    await submitPanel(user, panel);
    expect(await screen.findByText(M.added('自动'))).toBeTruthy();
    expect(sentFields(server.calls(P.autoPropertyAdd)[0])).toEqual({
      dtuId: '7',
      name: '测试属性',
      code: 'TEST_VALUE',
      dataType: 'float',
      unique: 'true',
      description: '',
    });
  });

  it('checks the boolean labels and standard, and clears the standard when a label changes', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const panel = await openTyped(user, '布尔(boolean)');
    expect(panel.queryByRole('switch', { name: '唯一' })).toBeNull();

    await submitPanel(user, panel);
    await expectErrors(panel, [MSG.booleanValueRequired]);
    expect(panel.getByLabelText('1 (true)').getAttribute('aria-invalid')).toBe('true');
    await fill(user, panel.getByLabelText('1 (true)'), '开');
    await waitFor(() => expect(panel.getByLabelText('0 (false)').getAttribute('aria-invalid')).toBe('true'));
    await fill(user, panel.getByLabelText('0 (false)'), '开');
    await expectErrors(panel, [MSG.booleanValuesEqual]);
    await fill(user, panel.getByLabelText('0 (false)'), 'off!');
    await expectErrors(panel, [MSG.booleanValueRule]);
    await fill(user, panel.getByLabelText('0 (false)'), '关');
    await submitPanel(user, panel);
    await expectErrors(panel, [M.booleanAimRequired]);

    await clickRadio(user, panel, '开（1）');
    await fill(user, panel.getByLabelText('1 (true)'), '通');
    expect((panel.getByRole('radio', { name: '通（1）' }) as HTMLInputElement).checked).toBe(false);
    await clickRadio(user, panel, '关（0）');
    await submitPanel(user, panel);
    expect(await screen.findByText(M.added('自动'))).toBeTruthy();
    expect(sentFields(server.calls(P.autoPropertyAdd)[0])).toMatchObject({
      dataType: 'boolean',
      trueValue: '通',
      falseValue: '关',
      aimBooleanValue: '0',
      unique: 'false',
    });
  });

  it('asks for a string standard unless the value is unique', async () => {
    const user = userEvent.setup();
    potionServer();
    const panel = await openTyped(user, '字符串(string)');

    await submitPanel(user, panel);
    await expectErrors(panel, [M.stringAimRequired]);
    await user.click(panel.getByRole('switch', { name: '唯一' }));
    await waitFor(() => expect(panel.queryByLabelText('标准值')).toBeNull());
    await expectErrors(panel, []);
  });

  it('checks the enum items and their standards', async () => {
    const user = userEvent.setup();
    potionServer();
    const panel = await openTyped(user, '枚举(enum)');

    await submitPanel(user, panel);
    await expectErrors(panel, [M.enumItemEmpty]);
    await user.click(panel.getByRole('button', { name: '删除枚举项0' }));
    await expectErrors(panel, [MSG.enumRequired]);
    await user.click(panel.getByRole('button', { name: /添加枚举项/ }));
    await fill(user, panel.getByLabelText('枚举项0'), '低 速');
    await expectErrors(panel, [MSG.enumRule]);
    await fill(user, panel.getByLabelText('枚举项0'), '低');
    await user.click(panel.getByRole('button', { name: /添加枚举项/ }));
    await fill(user, panel.getByLabelText('枚举项1'), '低');
    await expectErrors(panel, [MSG.enumDuplicate]);
    await fill(user, panel.getByLabelText('枚举项1'), '高');
    await submitPanel(user, panel);
    await expectErrors(panel, [M.enumAimRequired]);
  });

  it('clears the enum standards when the items change, and sends both maps as JSON', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const panel = await openTyped(user, '枚举(enum)');
    await fill(user, panel.getByLabelText('枚举项0'), '低');
    await user.click(panel.getByRole('button', { name: /添加枚举项/ }));
    await fill(user, panel.getByLabelText('枚举项1'), '高');

    const standards = panel.getByRole('combobox', { name: '枚举标准值' });
    const chosen = () => [...(standards.closest('.ant-select')?.querySelectorAll('.ant-select-selection-item') ?? [])].map((item) => item.textContent);
    await user.click(standards);
    await chooseOption(user, '1-高');
    await waitFor(() => expect(chosen()).toEqual(['1-高']));
    await user.click(panel.getByRole('button', { name: /添加枚举项/ }));
    await waitFor(() => expect(chosen()).toEqual([]));
    await fill(user, panel.getByLabelText('枚举项2'), '中');
    await user.click(standards);
    await chooseOption(user, '0-低');
    await chooseOption(user, '2-中');
    await submitPanel(user, panel);

    expect(await screen.findByText(M.added('自动'))).toBeTruthy();
    const sent = sentFields(server.calls(P.autoPropertyAdd)[0]);
    expect(sent).toMatchObject({ dataType: 'enum', unique: 'false' });
    expect(JSON.parse(sent.enumMap ?? '')).toEqual({ 0: '低', 1: '高', 2: '中' });
    expect(JSON.parse(sent.aimEnumMap ?? '')).toEqual({ 0: '低', 2: '中' });
  });

  it('clears what hangs off the data type when it changes', async () => {
    const user = userEvent.setup();
    potionServer();
    const panel = await openTyped(user, '整数(int)');
    await fill(user, panel.getByLabelText('最小值'), '1');
    await user.click(panel.getByRole('switch', { name: '唯一' }));

    await chooseType(user, panel, '布尔(boolean)');
    await fill(user, await panel.findByLabelText('1 (true)'), '开');
    await chooseType(user, panel, '整数(int)');
    await panel.findByLabelText('最小值');
    expect(valueOf(panel, '最小值')).toBe('');
    expect(panel.getByRole('switch', { name: '唯一' }).getAttribute('aria-checked')).toBe('false');
    await chooseType(user, panel, '布尔(boolean)');
    await panel.findByLabelText('1 (true)');
    expect(valueOf(panel, '1 (true)')).toBe('');
    expect(errorsOf(panel)).toEqual([]);
  });

  it('fills a property from the catalogue, still editable', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const { panel } = await openAutoPanel();
    await user.click(panel.getByRole('combobox', { name: '从目录选择' }));
    await chooseOption(user, 'WIFI_MAC（MAC）');
    expect(server.calls(CATALOGUE.dtuAutoTypes)[0]?.query).toEqual({ communicationTypeCode: 'WIFI' });

    expect(valueOf(panel, '属性名称')).toBe('WIFI_MAC');
    expect(valueOf(panel, '标识符')).toBe('MAC');
    expect(panel.getByRole('switch', { name: '唯一' }).getAttribute('aria-checked')).toBe('true');
    expect(valueOf(panel, '描述')).toBe('设备的 WIFI MAC 地址，设备的身份');
    await fill(user, panel.getByLabelText('属性名称'), '设备MAC');
    await submitPanel(user, panel);

    expect(await screen.findByText(M.added('自动'))).toBeTruthy();
    expect(sentFields(server.calls(P.autoPropertyAdd)[0])).toEqual({
      dtuId: '7',
      name: '设备MAC',
      code: 'MAC',
      dataType: 'string',
      unique: 'true',
      description: '设备的 WIFI MAC 地址，设备的身份',
    });
  });

  it('edits an enum property with its saved items and standards', async () => {
    const user = userEvent.setup();
    const mode = autoOf({ id: 15, name: '工作模式', code: 'MODE', dataType: 'enum', enumMap: { 0: '低', 1: '中', 2: '高' }, aimEnumMap: { 2: '高' } });
    const server = potionServer();
    const { panel, closed } = await openAutoPanel(mode);
    expect(['枚举项0', '枚举项1', '枚举项2'].map((label) => valueOf(panel, label))).toEqual(['低', '中', '高']);
    expect(panel.getByRole('combobox', { name: '枚举标准值' }).closest('.ant-select')?.textContent).toContain('2-高');
    await submitPanel(user, panel);

    expect(await screen.findByText(M.edited('自动'))).toBeTruthy();
    const sent = sentFields(server.calls(P.autoPropertyEdit)[0]);
    expect(sent).toMatchObject({ id: '15', dtuId: '7', name: '工作模式', code: 'MODE', dataType: 'enum' });
    expect(JSON.parse(sent.aimEnumMap ?? '')).toEqual({ 2: '高' });
    expect(closed).toHaveBeenCalled();
  });
});
