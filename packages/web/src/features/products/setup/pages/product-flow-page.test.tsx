import { type Flow, FLOW_ENDPOINTS as FLOW, MSG, PRODUCT_ENDPOINTS as PRODUCT } from '@factory/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../lib/session-store';
import { answer, installServer } from '../../../../test/fake-server';
import { formFields } from '../../../../test/fetch-stand-in';
import { chooseOption, findDialog } from '../../../../test/line-terminal-fixtures';
import { confirmWith, flowOf, LOOKUP_ROUTES, productOf, productSession } from '../../../../test/product-fixtures';
import { flowItemOf } from '../../../../test/product-setup-fixtures';
import { renderPage } from '../../../../test/render-page';
import { abnormalTip } from '../components/flow-tile';

configure({ asyncUtilTimeout: 5000 });

const product = productOf({ id: 1, number: 'GW_100', communicationId: '2.4G', communicationName: '2.4G' });
const gear = flowItemOf({
  id: 12,
  name: '档位',
  dataTypeId: 'enum',
  enumerates: { 0: '低', 1: '中', 2: '高' },
  normalEnums: ['0', '2'],
});

/** Ten flows 101…110 in order; flow 2 binds the IMEI, flow 3 is not normal. */
function tenFlows(): Flow[] {
  return Array.from({ length: 10 }, (_value, index) => {
    const order = index + 1;
    const id = 100 + order;
    return flowOf({
      id,
      order,
      name: `工序${order}`,
      preId: order > 1 ? id - 1 : null,
      prevId: order > 1 ? id - 1 : null,
      nextId: order < 10 ? id + 1 : null,
      bindMac: order === 2,
      normal: order !== 3,
      scanCodes: order === 2 ? ['生产码', 'SN码', 'IMEI'] : ['生产码', 'SN码'],
      items: order === 1 ? [gear] : [],
      manualItems: order === 1 ? [{ id: 1, manualValue: '外观检查' }] : [],
    });
  });
}

/** The product and its flows; the flow writes succeed. */
function serve(flows: Flow[] = tenFlows()) {
  return installServer(
    ...LOOKUP_ROUTES,
    answer(PRODUCT.productDetail, product),
    answer(FLOW.flowList, flows),
    answer(FLOW.flowDelete, null),
    answer(FLOW.flowChangePosition, null),
    answer(FLOW.flowInsertPosition, null),
  );
}

const tile = (order: number) => screen.getByRole('button', { name: new RegExp(`^流程${order} `) });
const cellOf = (element: HTMLElement) => element.closest<HTMLElement>('.flow-grid__cell')!;
const connector = (left: number, right: number) => screen.getByTestId(`connector-${left}-${right}`);

function drag(from: HTMLElement, onto: HTMLElement) {
  fireEvent.dragStart(from);
  fireEvent.dragOver(onto);
  fireEvent.drop(onto);
  fireEvent.dragEnd(from);
}

beforeEach(() => useSession.getState().signIn(productSession(['set'])));

describe('/productFlow 流程设置', () => {
  it('lays ten flows out as a snake of 8, row 2 reversed, with the header and step 2 current', async () => {
    serve();
    await renderPage('/productFlow?id=1');

    await screen.findByRole('button', { name: /^流程1 / });
    expect(screen.getByRole('heading', { name: 'GW_100' })).toBeTruthy();
    expect(document.querySelector('.ant-steps-item-process')?.textContent).toContain('流程设置');
    expect(cellOf(tile(1)).style.gridColumn).toBe('1');
    expect(cellOf(tile(8)).style.gridColumn).toBe('15');
    expect(cellOf(tile(8)).style.gridRow).toBe('1');
    // row 2 runs right to left: flow 9 under flow 8, flow 10 to its left, then the plus tile
    expect(cellOf(tile(9)).style.gridRow).toBe('3');
    expect(cellOf(tile(9)).style.gridColumn).toBe('15');
    expect(cellOf(tile(10)).style.gridColumn).toBe('13');
    expect(cellOf(screen.getByRole('button', { name: '新增流程' })).style.gridColumn).toBe('11');
    expect(connector(108, 109).classList.contains('flow-grid__connector--down')).toBe(true);
    expect(connector(109, 110).classList.contains('flow-grid__connector--left')).toBe(true);

    expect(within(tile(2)).getByText('IMEI')).toBeTruthy();
    expect(within(tile(1)).queryByText('IMEI')).toBeNull();
    expect(within(tile(3)).getByLabelText(abnormalTip(3))).toBeTruthy();
    expect(abnormalTip(3)).toBe('流程3的属性已被修改，请重新编辑该流程');
    expect(within(tile(4)).queryByLabelText(abnormalTip(4))).toBeNull();
  });

  it('offers 删除 and 排序 only on a flow with a next flow, and nothing to write without set', async () => {
    serve();
    const view = await renderPage('/productFlow?id=1');
    await screen.findByRole('button', { name: /^流程1 / });
    const names = (order: number) => within(tile(order)).queryAllByRole('button').map((button) => button.textContent);
    expect(names(1)).toEqual(['删除', '编辑', '排序']);
    expect(names(10)).toEqual(['编辑']);

    view.unmount();
    // 新增 lands a role without 设置 here (the route table lets add or set in): it reads, it cannot write.
    useSession.getState().signIn(productSession(['add']));
    serve();
    await renderPage('/productFlow?id=1');
    await screen.findByRole('button', { name: /^流程1 / });
    expect(names(1)).toEqual([]);
    expect(screen.queryByRole('button', { name: '新增流程' })).toBeNull();
    expect(tile(1).getAttribute('draggable')).toBe('false');
  });

  it('warns when sorting to the current position, and moves the flow to another one', async () => {
    const user = userEvent.setup();
    const server = serve();
    await renderPage('/productFlow?id=1');
    await user.click(within(await screen.findByRole('button', { name: /^流程2 / })).getByRole('button', { name: '排序' }));
    const dialog = within(await findDialog('流程2排序'));

    await user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    expect(await dialog.findByText('请选择目标位置')).toBeTruthy();

    await user.click(dialog.getByRole('combobox', { name: '目标位置' }));
    await chooseOption(user, '流程2 工序2');
    await user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(MSG.flowSamePosition)).toBeTruthy();
    expect(server.calls(FLOW.flowInsertPosition)).toHaveLength(0);

    await user.click(dialog.getByRole('combobox', { name: '目标位置' }));
    await chooseOption(user, '流程5 工序5');
    await user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(MSG.flowSorted)).toBeTruthy();
    expect(formFields(server.calls(FLOW.flowInsertPosition)[0]!)).toEqual({ left: '105', middle: '102', right: '106' });
  });

  it('swaps on a tile drop and inserts on a connector drop', async () => {
    const server = serve();
    await renderPage('/productFlow?id=1');
    await screen.findByRole('button', { name: /^流程1 / });

    drag(tile(1), tile(4));
    await waitFor(() => expect(server.calls(FLOW.flowChangePosition)).toHaveLength(1));
    expect(server.calls(FLOW.flowChangePosition)[0]?.json).toEqual({ fromId: 101, toId: 104 });
    expect(await screen.findByText(MSG.flowSorted)).toBeTruthy();

    drag(tile(1), connector(109, 110));
    await waitFor(() => expect(server.calls(FLOW.flowInsertPosition)).toHaveLength(1));
    expect(formFields(server.calls(FLOW.flowInsertPosition)[0]!)).toEqual({ left: '109', middle: '101', right: '110' });
  });

  it('sends nothing when a tile is dropped on itself or its own connectors', async () => {
    const server = serve();
    await renderPage('/productFlow?id=1');
    await screen.findByRole('button', { name: /^流程1 / });

    drag(tile(5), tile(5));
    drag(tile(5), connector(104, 105));
    drag(tile(5), connector(105, 106));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls(FLOW.flowChangePosition)).toHaveLength(0);
    expect(server.calls(FLOW.flowInsertPosition)).toHaveLength(0);
  });

  it('opens the detail of a flow', async () => {
    const user = userEvent.setup();
    serve();
    await renderPage('/productFlow?id=1');
    await user.click(await screen.findByRole('button', { name: /^流程1 / }));
    const dialog = within(await findDialog('流程1详情'));
    expect(dialog.getByText('工序1')).toBeTruthy();
    expect(dialog.getByText('生产码')).toBeTruthy();
    expect(dialog.getByText('档位')).toBeTruthy();
    expect(dialog.getByText('低')).toBeTruthy();
    expect(dialog.getByText('高')).toBeTruthy();
    expect(dialog.queryByText('中')).toBeNull();
    expect(dialog.getByText('外观检查')).toBeTruthy();
    expect(dialog.getByText('无')).toBeTruthy();
  });

  it('deletes a flow after the confirmation', async () => {
    const user = userEvent.setup();
    const server = serve();
    await renderPage('/productFlow?id=1');
    await user.click(within(await screen.findByRole('button', { name: /^流程1 / })).getByRole('button', { name: '删除' }));
    await confirmWith(user, MSG.flowDeleteConfirm);
    expect(await screen.findByText(MSG.flowDeleted)).toBeTruthy();
    expect(server.calls(FLOW.flowDelete)[0]?.json).toEqual({ id: 101 });
  });

  it('moves between the steps and shows the plus tile alone without flows', async () => {
    const user = userEvent.setup();
    serve([]);
    const { router } = await renderPage('/productFlow?id=1');
    expect(await screen.findByRole('button', { name: '新增流程' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '上一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productPotion'));
    expect(router.state.location.search).toBe('?id=1');
  });
});

