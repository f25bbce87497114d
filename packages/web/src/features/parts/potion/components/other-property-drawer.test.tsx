import { ACCESSORY_MSG as M, DTU_PROPERTY_ENDPOINTS as P, type OtherProperty } from '@factory/contracts';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../lib/session-store';
import { loginResultWith } from '../../../../test/fixtures';
import { expectErrors, fill, otherOf, potionServer, renderPanel, sentFields, submitPanel, valueOf } from '../potion-fixtures';
import { OtherPropertyDrawer } from './other-property-drawer';

configure({ asyncUtilTimeout: 5000 });

const openOtherPanel = (property: OtherProperty | null = null) =>
  renderPanel(
    (onClose) => <OtherPropertyDrawer open dtuId={7} property={property} onClose={onClose} />,
    property ? '编辑其他检测属性' : '新增其他检测属性',
  );

beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('其他检测属性 panel', () => {
  it('asks for all four fields and adds the check as a form', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const { panel, closed } = await openOtherPanel();

    await submitPanel(user, panel);
    await expectErrors(panel, [M.otherCategoryRequired, M.otherPropertyRequired, M.otherCheckToolRequired, M.otherCheckStandardRequired]);
    await fill(user, panel.getByLabelText('检测类别'), '外观检查');
    await fill(user, panel.getByLabelText('检测项目'), '外壳无划伤');
    await fill(user, panel.getByLabelText('检测工具'), '目测');
    await fill(user, panel.getByLabelText('检测标准'), '无明显划痕');
    await submitPanel(user, panel);

    expect(await screen.findByText(M.added('其他'))).toBeTruthy();
    expect(sentFields(server.calls(P.otherPropertyAdd)[0])).toEqual({
      dtuId: '7',
      category: '外观检查',
      property: '外壳无划伤',
      checkTool: '目测',
      checkStandard: '无明显划痕',
    });
    expect(closed).toHaveBeenCalled();
  });

  it('edits a check with its saved values', async () => {
    const user = userEvent.setup();
    const server = potionServer();
    const { panel } = await openOtherPanel(otherOf({ id: 21 }));
    expect(valueOf(panel, '检测工具')).toBe('目测');
    await fill(user, panel.getByLabelText('检测工具'), '放大镜');
    await submitPanel(user, panel);

    expect(await screen.findByText(M.edited('其他'))).toBeTruthy();
    expect(sentFields(server.calls(P.otherPropertyEdit)[0])).toEqual({
      id: '21',
      dtuId: '7',
      category: '外观检查',
      property: '外壳无划伤',
      checkTool: '放大镜',
      checkStandard: '无明显划痕',
    });
  });
});
