import { ACCESSORY_MSG as M, DTU_ENDPOINTS as DTU, type Dtu, FITTING_ENDPOINTS as FITTING, PATHS } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, installServer, refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import { COMMUNICATION_TYPES_ROUTE, dtuOf, findPrompt, fittingOf, partsSession } from '../parts-fixtures';

const bluetooth = dtuOf({ id: 11, dtuType: 'HR100' });
const offline = dtuOf({
  id: 12,
  dtuType: 'HR200',
  connectInternet: false,
  communicationType: null,
  communicationTypeDesc: '',
  standardVoltage: '3.3',
  bandRate: 115200,
  frontImageUrl: null,
});

function detailServer(dtus: Dtu[] = [bluetooth, offline], ...more: FakeRoute[]) {
  return installServer(
    COMMUNICATION_TYPES_ROUTE,
    answer(FITTING.fittingDetail, fittingOf({ id: 5, partDesc: '网关DTU', dtuCount: dtus.length })),
    answer(DTU.dtuList, { list: dtus, total: dtus.length, pageSize: 0, pageNum: 1 }),
    answer(DTU.dtuDelete, null),
    ...more,
  );
}

const cardOf = (name: string) => screen.getByRole('article', { name });
/** The value beside a label on a card. */
const fieldOf = (card: HTMLElement, label: string) =>
  within(card).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;
const addressOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

// seed 002 §6: nothing on this page depends on a button of the menu
// The page's chunk loads once, before the clock of the first test starts.
beforeAll(() => import('./parts-detail-page'), 30_000);
beforeEach(() => useSession.getState().signIn(partsSession([])));

describe('配件详情 page', () => {
  it('shows the part and its DTUs with picture, networking, method, voltage and baud rate', async () => {
    const server = detailServer();
    await renderPage('/partsDetail?partsId=5&partsType=1');
    await screen.findByRole('article', { name: 'HR100' });

    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件管理/配件详情');
    expect(within(screen.getByLabelText('配件信息')).getByRole('heading', { name: '网关DTU' })).toBeTruthy();
    expect(server.calls(FITTING.fittingDetail)[0]?.query).toEqual({ id: '5' });
    expect(server.calls(DTU.dtuList)[0]?.query).toEqual({ fittingId: '5', page: '1', pageSize: '0' });
    expect(screen.getByLabelText('DTU总数').textContent).toBe('共 2 个DTU');

    const networked = cardOf('HR100');
    expect(within(networked).getByRole('img', { name: 'HR100正面图片' }).getAttribute('src')).toBe(`${PATHS.file}/front11`);
    expect(fieldOf(networked, '网络支持')).toBe('支持');
    expect(fieldOf(networked, '通信方式')).toBe('蓝牙');
    expect(fieldOf(networked, '供电电压')).toBe('5.0V');
    expect(fieldOf(networked, '波特率')).toBe('9600');

    const alone = cardOf('HR200');
    expect(fieldOf(alone, '网络支持')).toBe('不支持');
    expect(fieldOf(alone, '通信方式')).toBeNull();
    expect(fieldOf(alone, '供电电压')).toBe('3.3V');
    expect(fieldOf(alone, '波特率')).toBe('115200');
    expect(within(alone).getByLabelText('暂无图片')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增DTU' })).toBeTruthy();
  });

  it('searches by DTU model on Enter and filters by communication method', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    await renderPage('/partsDetail?partsId=5&partsType=1');
    await screen.findByRole('article', { name: 'HR100' });

    await user.type(screen.getByRole('textbox', { name: 'DTU型号' }), ' HR1 {Enter}');
    await waitFor(() => expect(server.calls(DTU.dtuList).at(-1)?.query).toEqual({ fittingId: '5', dtuType: 'HR1', page: '1', pageSize: '0' }));

    await user.click(screen.getByRole('combobox', { name: '通信方式' }));
    await chooseOption(user, '海容三合一');
    await waitFor(() =>
      expect(server.calls(DTU.dtuList).at(-1)?.query).toEqual({
        fittingId: '5',
        dtuType: 'HR1',
        communicationType: 'THREE_2_ONE',
        page: '1',
        pageSize: '0',
      }),
    );
  });

  it.each([
    ['属性设置', '/partsPotion?dtuId=11&partsId=5&partsType=1&communicationType=bluetooth'],
    ['任务列表', '/dtuTask?partsId=5&partsType=1&dtuId=11&dtuNumber=HR100&isAdd=no'],
    ['新建任务', '/dtuTask?partsId=5&partsType=1&dtuId=11&dtuNumber=HR100&isAdd=yes'],
  ])('%s leads to %s', async (action, address) => {
    detailServer();
    const { router } = await renderPage('/partsDetail?partsId=5&partsType=1');
    await screen.findByRole('article', { name: 'HR100' });

    await userEvent.setup().click(within(cardOf('HR100')).getByRole('button', { name: action }));
    await waitFor(() => expect(addressOf(router)).toBe(address));
  });

  it('gives a DTU without network an empty method in the property page’s address', async () => {
    detailServer();
    const { router } = await renderPage('/partsDetail?partsId=5&partsType=1');
    await screen.findByRole('article', { name: 'HR200' });
    await userEvent.setup().click(within(cardOf('HR200')).getByRole('button', { name: '属性设置' }));
    await waitFor(() => expect(addressOf(router)).toBe('/partsPotion?dtuId=12&partsId=5&partsType=1&communicationType='));
  });

  it('archives a DTU after 提示 / 是否确认归档该DTU? and says 该DTU已归档', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    await renderPage('/partsDetail?partsId=5&partsType=1');
    await screen.findByRole('article', { name: 'HR100' });

    await user.click(within(cardOf('HR100')).getByRole('button', { name: '归档' }));
    await user.click(within(await findPrompt(M.dtuArchiveConfirm)).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('该DTU已归档')).toBeTruthy();
    expect(formFields(server.calls(DTU.dtuDelete)[0]!)).toEqual({ id: '11' });
    await waitFor(() => expect(server.calls(DTU.dtuList).length).toBeGreaterThan(1));
  });

  it('archives nothing when cancelled', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    await renderPage('/partsDetail?partsId=5&partsType=1');
    await screen.findByRole('article', { name: 'HR100' });

    await user.click(within(cardOf('HR100')).getByRole('button', { name: '归档' }));
    await user.click(within(await findPrompt(M.dtuArchiveConfirm)).getByRole('button', { name: '取消' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.calls(DTU.dtuDelete)).toHaveLength(0);
  });

  it('shows the server’s refusal of an archive', async () => {
    const user = userEvent.setup();
    detailServer(undefined, refuse(DTU.dtuDelete, M.dtuArchivedAlready, 409));
    await renderPage('/partsDetail?partsId=5&partsType=1');
    await screen.findByRole('article', { name: 'HR100' });

    await user.click(within(cardOf('HR100')).getByRole('button', { name: '归档' }));
    await user.click(within(await findPrompt(M.dtuArchiveConfirm)).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(M.dtuArchivedAlready)).toBeTruthy();
    expect(screen.queryByText('该DTU已归档')).toBeNull();
  });

  it('says 暂无DTU for a part without DTUs and still offers 新增DTU', async () => {
    detailServer([]);
    await renderPage('/partsDetail?partsId=5&partsType=1');
    expect(await screen.findByText('暂无DTU')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增DTU' })).toBeTruthy();
  });

  it('says the part is missing for an unknown id, and asks for one when the address has none', async () => {
    installServer(COMMUNICATION_TYPES_ROUTE, refuse(FITTING.fittingDetail, '没有这个配件', 404));
    const { unmount } = await renderPage('/partsDetail?partsId=99&partsType=1');
    expect(await screen.findByText('配件不存在')).toBeTruthy();
    expect(screen.getByText('该配件不存在、已被删除或无权查看')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回配件管理' })).toBeTruthy();
    unmount();

    await renderPage('/partsDetail?partsType=1');
    expect(await screen.findByText('未指定配件')).toBeTruthy();
  });
});
