import { DTU_TASK_ENDPOINTS as TASK, DTU_TASK_MSG as M, DTU_TASK_PARAM_FIELD } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { findDialog } from '../../../test/line-terminal-fixtures';
import { recordBodies } from '../../../test/request-bodies';
import { renderPage } from '../../../test/render-page';
import {
  addressOf,
  choose,
  dtuTaskServer,
  dtuTaskSession,
  expectError,
  findNotice,
  pickMore,
  rowOf,
  taskOf,
} from '../dtu-tasks-fixtures';

const ADDRESS = '/rework?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01';
const reworkTask = taskOf({ id: 41, fittingType: 'HRX100', reworkTask: true, duplicateEnable: true, status: 'START' });

// The page's chunk loads once, before the clock of the first test starts.
beforeAll(() => import('./rework-page'), 30_000);
beforeEach(() => useSession.getState().signIn(dtuTaskSession()));

describe('返工模式 page', () => {
  it('lists the DTU’s rework tasks by 配件型号, duplicates always on, under the task list’s breadcrumb', async () => {
    const server = dtuTaskServer([reworkTask]);
    await renderPage(ADDRESS);
    await screen.findByText('HRX100');

    expect(screen.getByRole('heading', { name: '返工模式' })).toBeTruthy();
    const crumbs = document.querySelector<HTMLElement>('.page-header__breadcrumb')!;
    expect(crumbs.textContent).toBe('生产中心/配件检测/配件管理/配件详情/DTU任务/返工模式');
    expect(within(crumbs).getByRole('link', { name: 'DTU任务' }).getAttribute('href')).toBe(
      '/dtuTask?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&isAdd=no',
    );
    expect(screen.getByRole('columnheader', { name: '配件型号' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '配件型号' })).toBeTruthy();
    const duplicate = screen.getByRole('switch', { name: 'HRX100重复检测' });
    expect(duplicate.getAttribute('aria-checked')).toBe('true');
    expect(duplicate.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: '返工模式' })).toBeNull();
    expect(server.calls(TASK.dtuTaskList)[0]?.query).toEqual({ dtuId: '9', reworkTask: 'true', page: '1', pageSize: '10' });
    expect(within(rowOf('HRX100')).getByRole('link', { name: '任务进度' }).getAttribute('href')).toBe(
      '/dtuTaskWatch?taskId=41&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskType=rework&check=N',
    );
  });

  it.each([
    ['返回', '/dtuTask?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&isAdd=no'],
    ['检测日志', '/checkLog?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01&taskType=rework'],
  ])('%s leads to %s', async (button, address) => {
    dtuTaskServer([reworkTask]);
    const { router } = await renderPage(ADDRESS);
    await screen.findByText('HRX100');
    await userEvent.setup().click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(addressOf(router)).toBe(address));
  });

  it('opens a rework task’s check log with taskType=rework', async () => {
    const user = userEvent.setup();
    dtuTaskServer([reworkTask]);
    const { router } = await renderPage(ADDRESS);
    await screen.findByText('HRX100');
    await pickMore(user, rowOf('HRX100'), '检测日志');
    await waitFor(() =>
      expect(addressOf(router)).toBe('/checkLog?partsId=5&partsType=1&taskId=41&dtuId=9&dtuNumber=HR-DTU01&taskType=rework'),
    );
  });

  it('adds a rework task by 配件型号, duplicates on and fixed', async () => {
    const user = userEvent.setup();
    const server = dtuTaskServer([]);
    await renderPage(ADDRESS);
    await user.click(await screen.findByRole('button', { name: '新增任务' }));
    const panel = await findDialog('新增DTU任务');

    const duplicate = within(panel).getByRole('switch', { name: '重复检测' });
    expect(duplicate.getAttribute('aria-checked')).toBe('true');
    expect(duplicate.hasAttribute('disabled')).toBe(true);
    await user.click(within(panel).getByRole('button', { name: '确定' }));
    await expectError(panel, '配件型号', M.reworkNameRequired);
    const name = within(panel).getByRole('textbox', { name: '配件型号' });
    await user.type(name, 'HR_X');
    await expectError(panel, '配件型号', M.reworkNameRule);
    await user.clear(name);
    await user.type(name, 'HRX200');

    await user.click(within(panel).getByRole('combobox', { name: '生产检测' }));
    await choose(user, '配件一线');
    await user.click(within(panel).getByRole('combobox', { name: '目标客户' }));
    await choose(user, '总装二线');
    await user.click(within(panel).getByRole('combobox', { name: '终端' }));
    await choose(user, 'PAD-01 (P01)');
    const expire = dayjs().add(1, 'day').format('YYYY-MM-DD');
    await user.type(within(panel).getByPlaceholderText('请选择交货日期'), `${expire}{Tab}`);
    await user.click(within(panel).getByRole('textbox', { name: '生产总量' }));
    await user.paste('20');
    const bodies = recordBodies();
    await user.click(within(panel).getByRole('button', { name: '确定' }));

    expect(await findNotice(M.added)).toBeTruthy();
    const form = bodies.find((body): body is FormData => body instanceof FormData)!;
    expect(JSON.parse(form.get(DTU_TASK_PARAM_FIELD) as string)).toMatchObject({
      reworkTask: true,
      fittingType: 'HRX200',
      duplicateEnable: true,
    });
    expect(server.calls(TASK.dtuTaskAdd)).toHaveLength(1);
  });
});
