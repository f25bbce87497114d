import { ACCESSORY_MSG as M, DTU_CATALOGUE_ENDPOINTS as CATALOGUE, DTU_PROPERTY_ENDPOINTS as P, type SerialProperty } from '@factory/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../lib/session-store';
import { loginResultWith } from '../../../../test/fixtures';
import { chooseOption } from '../../../../test/line-terminal-fixtures';
import {
  clickRadio,
  errorsOf,
  expectErrors,
  fill,
  type Panel,
  potionServer,
  renderPanel,
  sentFields,
  serialOf,
  submitPanel,
  valueOf,
} from '../potion-fixtures';
import { SerialPropertyDrawer } from './serial-property-drawer';

configure({ asyncUtilTimeout: 5000 });

/** The panel of DTU 7 (bluetooth), adding or editing. */
const openSerialPanel = (property: SerialProperty | null = null) =>
  renderPanel(
    (onClose) => <SerialPropertyDrawer open dtuId={7} communicationType="bluetooth" property={property} onClose={onClose} />,
    property ? '编辑串口检测属性' : '新增串口检测属性',
  );

async function chooseProperty(user: UserEvent, panel: Panel, name: string) {
  await user.click(panel.getByRole('combobox', { name: '检测属性' }));
  await chooseOption(user, name);
}

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('串口检测属性 panel', () => {
  it('offers the serial catalogue of the communication type, and asks for a property', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const { panel } = await openSerialPanel();
    await submitPanel(user, panel);
    await expectErrors(panel, [M.serialPropertyRequired]);
    expect(server.calls(CATALOGUE.dtuSerialTypes)[0]?.query).toEqual({ communicationTypeCode: 'bluetooth' });

    await chooseProperty(user, panel, '蓝牙信号强度');
    await panel.findByLabelText('最小值');
    // the catalogue's description and unit come with it
    expect(panel.getByText('工装测得的设备蓝牙广播信号强度')).toBeTruthy();
    expect((panel.getByRole('radio', { name: '范围' }) as HTMLInputElement).checked).toBe(true);
    expect(panel.getAllByText('dBm')).toHaveLength(2);
    // antd validates the changed field again after the change settles
    await waitFor(() => expect(errorsOf(panel)).toEqual([]));
  });

  it('asks for numeric bounds', async () => {
    const user = userEvent.setup();
    potionServer();
    const { panel } = await openSerialPanel();
    await chooseProperty(user, panel, '蓝牙信号强度');
    await panel.findByLabelText('最小值');

    await submitPanel(user, panel);
    await expectErrors(panel, [M.serialMinRequired, M.serialMaxRequired]);
    await fill(user, panel.getByLabelText('最小值'), '1.2.3');
    await expectErrors(panel, [M.serialMinNumber, M.serialMaxRequired]);
    await fill(user, panel.getByLabelText('最大值'), '-');
    await expectErrors(panel, [M.serialMinNumber, M.serialMaxNumber]);
  });

  it('tells the order at both bounds, and asks for the standard in single mode', async () => {
    const user = userEvent.setup();
    potionServer();
    const { panel } = await openSerialPanel();
    await chooseProperty(user, panel, '蓝牙信号强度');

    await fill(user, await panel.findByLabelText('最小值'), '-20');
    await fill(user, panel.getByLabelText('最大值'), '-80');
    await expectErrors(panel, [M.serialMinOrder, M.serialMaxOrder]);
    await fill(user, panel.getByLabelText('最大值'), '-20');
    await expectErrors(panel, [M.serialMinOrder, M.serialMaxOrder]);
    await fill(user, panel.getByLabelText('最大值'), '0');
    await expectErrors(panel, []);

    await clickRadio(user, panel, '单值');
    await waitFor(() => expect(panel.queryByLabelText('最小值')).toBeNull());
    await submitPanel(user, panel);
    await expectErrors(panel, [M.serialAimRequired]);
  });

  it('clears the bounds and the standard when the property or the mode changes', async () => {
    const user = userEvent.setup();
    potionServer();
    const { panel } = await openSerialPanel();

    await chooseProperty(user, panel, '发射功率');
    await fill(user, await panel.findByLabelText('最小值'), '1');
    await fill(user, panel.getByLabelText('最大值'), '9');
    await clickRadio(user, panel, '单值');
    await fill(user, await panel.findByLabelText('检测标准'), '4');
    await clickRadio(user, panel, '范围');
    await panel.findByLabelText('最小值');
    expect([valueOf(panel, '最小值'), valueOf(panel, '最大值')]).toEqual(['', '']);

    await fill(user, panel.getByLabelText('最小值'), '1');
    await submitPanel(user, panel);
    await expectErrors(panel, [M.serialMaxRequired]);
    // a property with one value only: its single mode, nothing carried over, no stale message
    await chooseProperty(user, panel, '串口回环');
    await panel.findByLabelText('检测标准');
    expect(panel.queryByRole('radio', { name: '范围' })).toBeNull();
    expect((panel.getByRole('radio', { name: '单值' }) as HTMLInputElement).checked).toBe(true);
    expect(valueOf(panel, '检测标准')).toBe('');
    expect(errorsOf(panel)).toEqual([]);

    await chooseProperty(user, panel, '工作电流');
    await panel.findByLabelText('最小值');
    expect([valueOf(panel, '最小值'), valueOf(panel, '最大值')]).toEqual(['', '']);
  });

  it('adds a range property as a form, then closes', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const { panel, closed } = await openSerialPanel();
    await chooseProperty(user, panel, '蓝牙信号强度');
    await fill(user, await panel.findByLabelText('最小值'), '-80');
    await fill(user, panel.getByLabelText('最大值'), '-20');
    await submitPanel(user, panel);

    expect(await screen.findByText(M.added('串口'))).toBeTruthy();
    const request = server.calls(P.serialPropertyAdd)[0];
    expect(request?.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(sentFields(request)).toEqual({ dtuId: '7', code: 'BLE_RSSI', verifyRule: 'RANGE', minValue: '-80', maxValue: '-20' });
    expect(closed).toHaveBeenCalled();
  });

  it('edits a property with its saved values, sending only what its mode uses', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const { panel } = await openSerialPanel(serialOf({ id: 1 }));
    expect([valueOf(panel, '最小值'), valueOf(panel, '最大值')]).toEqual(['-80', '-20']);

    await clickRadio(user, panel, '单值');
    await fill(user, await panel.findByLabelText('检测标准'), '-50');
    await submitPanel(user, panel);
    expect(await screen.findByText(M.edited('串口'))).toBeTruthy();
    expect(sentFields(server.calls(P.serialPropertyEdit)[0])).toEqual({ id: '1', dtuId: '7', code: 'BLE_RSSI', verifyRule: 'EQUAL', aimValue: '-50' });
  });
});
