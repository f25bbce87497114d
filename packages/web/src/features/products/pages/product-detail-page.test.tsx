import {
  FIRMWARE_ENDPOINTS as FIRMWARE,
  type Flow,
  FLOW_ENDPOINTS as FLOW,
  MSG,
  PRODUCT_ENDPOINTS as PRODUCT,
  type Product,
  type Property,
  PROPERTY_ENDPOINTS as PROPERTY,
} from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, installServer, refuse } from '../../../test/fake-server';
import { chooseOption, findDialog } from '../../../test/line-terminal-fixtures';
import { firmwareOf, flowOf, productOf, productSession, propertyOf } from '../../../test/product-fixtures';
import { renderPage } from '../../../test/render-page';
import { flowRows } from '../components/flow-diagram';

configure({ asyncUtilTimeout: 5000 });

const offline = productOf({
  id: 5,
  number: 'METER_01',
  connectInternet: false,
  communicationId: 'noInternet',
  communicationName: '不联网',
  publishStatus: 'PUBLISH',
});

const properties: Property[] = [
  propertyOf({ id: 1, name: '电压', dataTypeId: 'float', dataTypeName: '单精度浮点型', min: 0, max: 250, unitName: '伏特' }),
  propertyOf({ id: 2, name: '型号', dataTypeId: 'string', dataTypeName: '字符串', min: null, max: null, length: 32 }),
  propertyOf({ id: 3, name: '颜色', dataTypeId: 'enum', dataTypeName: '枚举', min: null, max: null, enumerates: { '1': '绿', '0': '红' } }),
  propertyOf({ id: 4, name: '开关', dataTypeId: 'boolean', dataTypeName: '布尔', min: null, max: null, trueValue: '开', falseValue: '关' }),
];

function detailServer(flows: Flow[], product: Product = offline, ...more: FakeRoute[]) {
  return installServer(
    answer(PRODUCT.productDetail, product),
    answer(PROPERTY.propertyList, { list: properties, total: 4, pageSize: 5, pageNum: 1 }),
    answer(FLOW.flowList, flows),
    answer(FIRMWARE.firmwareList, (request) => {
      const list = request.query.type === 'TEST' ? [firmwareOf({ id: 1, versionNumber: 'v0.9', status: 'USE' })] : [];
      return { list, total: list.length, pageSize: 5, pageNum: 1 };
    }),
    ...more,
  );
}

const fiveFlows = [1, 2, 3, 4, 5].map((order) => flowOf({ id: 100 + order, order, normal: order !== 4 }));

beforeEach(() => useSession.getState().signIn(productSession(['detail'])));

describe('产品详情 page', () => {
  it('shows the basic information without network fields', async () => {
    detailServer(fiveFlows);
    await renderPage('/productDetail?id=5');
    expect(await screen.findByRole('heading', { name: 'METER_01' })).toBeTruthy();
    expect(screen.getByText('已发布')).toBeTruthy();
    expect(screen.getByText('网络支持').nextSibling?.textContent).toBe('否');
    expect(screen.queryByText('通信方式')).toBeNull();
    // read-only: no edit icon, no step bar
    expect(screen.queryByRole('button', { name: '编辑产品' })).toBeNull();
    expect(screen.queryByText('属性定义')).toBeNull();
  });

  it('lists the properties with a summary of their values by type, paged by 5', async () => {
    const server = detailServer(fiveFlows);
    await renderPage('/productDetail?id=5');
    const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

    await screen.findByText('电压');
    expect(within(row('电压')).getByText('取值范围：0~250')).toBeTruthy();
    expect(within(row('电压')).getByText('伏特')).toBeTruthy();
    expect(within(row('型号')).getByText('长度：32')).toBeTruthy();
    expect(within(row('颜色')).getByText('枚举值：0-红，1-绿')).toBeTruthy();
    expect(within(row('开关')).getByText('布尔值：0-关，1-开')).toBeTruthy();
    const list = server.calls(PROPERTY.propertyList)[0];
    expect(list?.query).toEqual({ productId: '5', page: '1', pageSize: '5' });
  });

  it('draws the flows three per row, the second row right to left, with a warning on a changed flow', async () => {
    detailServer(fiveFlows);
    await renderPage('/productDetail?id=5');
    const diagram = await screen.findByRole('list', { name: '流程图' });

    const rows = diagram.querySelectorAll('.flow-diagram__row');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.classList.contains('flow-diagram__row--reversed')).toBe(true);
    expect([...rows[0]!.querySelectorAll('.flow-diagram__order')].map((node) => node.textContent)).toEqual(['流程1', '流程2', '流程3']);
    expect([...rows[1]!.querySelectorAll('.flow-diagram__order')].map((node) => node.textContent)).toEqual(['流程4', '流程5']);
    expect(diagram.querySelectorAll('.flow-diagram__connector')).toHaveLength(3);
    expect(diagram.querySelectorAll('.flow-diagram__turn')).toHaveLength(1);
    const changed = within(diagram).getByRole('listitem', { name: '流程4 流程名4' });
    expect(within(changed).getByLabelText('属性已修改')).toBeTruthy();
    expect(diagram.querySelectorAll('.flow-diagram__warning')).toHaveLength(1);
  });

  it('says 暂无流程 without flows and shows both firmware tables read-only', async () => {
    detailServer([]);
    await renderPage('/productDetail?id=5');
    expect(await screen.findByText('暂无流程')).toBeTruthy();
    expect(await screen.findByText('v0.9')).toBeTruthy();
    expect(screen.getByText('暂无业务固件')).toBeTruthy();
    for (const name of ['新增', '编辑', '停止', '开启', '删除']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('asks for a product when the address names none', async () => {
    detailServer([]);
    await renderPage('/productDetail');
    expect(await screen.findByText('未指定产品，请从产品中心进入')).toBeTruthy();
  });
});

describe('修改抽检设置 on the 产品详情 page', () => {
  const producing = { ...offline, publishStatus: 'PRODUCTING' as const, inspectionLevel: 'II' as const, aql: 1 };
  // the header's cell, not the dialog's field of the same name
  const header = () => within(document.querySelector<HTMLElement>('.product-header__info')!);
  const aqlCell = () => header().getByText('AQL').nextSibling as HTMLElement;

  it('offers 修改 beside the AQL only with the set button of 产品中心', async () => {
    detailServer([], producing);
    await renderPage('/productDetail?id=5');
    await screen.findByRole('heading', { name: 'METER_01' });
    expect(aqlCell().textContent).toBe('1.0');
    expect(screen.queryByRole('button', { name: '修改抽检设置' })).toBeNull();
  });

  it('changes the level and AQL of a producing product, says so and reads the product again', async () => {
    useSession.getState().signIn(productSession(['detail', 'set']));
    const user = userEvent.setup();
    const server = detailServer([], producing, answer(PRODUCT.productSamplingEdit, null));
    await renderPage('/productDetail?id=5');
    await screen.findByRole('heading', { name: 'METER_01' });
    expect(screen.getByText('检验水平').nextSibling?.textContent).toBe('一般检验水平 II');
    expect(aqlCell().textContent).toBe('1.0修改');
    const edit = within(aqlCell()).getByRole('button', { name: '修改抽检设置' });
    expect(edit.textContent).toBe('修改');

    await user.click(edit);
    const dialog = await findDialog('修改抽检设置');
    expect(dialog.closest<HTMLElement>('.ant-modal')?.style.width).toBe('500px');
    const panel = within(dialog);
    const item = (label: string) => panel.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
    expect(within(item('检验水平')).getByText('一般检验水平 II')).toBeTruthy();
    expect(within(item('AQL')).getByText('1.0')).toBeTruthy();
    await user.click(panel.getByLabelText('检验水平'));
    await chooseOption(user, '一般检验水平 III');
    await user.click(panel.getByLabelText('AQL'));
    await chooseOption(user, '0.65');
    const detailCalls = server.calls(PRODUCT.productDetail).length;
    server.put(answer(PRODUCT.productDetail, { ...producing, inspectionLevel: 'III', aql: 0.65 }));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.productSamplingEdited)).toBeTruthy();
    expect(server.calls(PRODUCT.productSamplingEdit).map((call) => call.json)).toEqual([{ id: 5, inspectionLevel: 'III', aql: 0.65 }]);
    await waitFor(() => expect(server.calls(PRODUCT.productDetail).length).toBeGreaterThan(detailCalls));
    await waitFor(() => expect(aqlCell().textContent).toBe('0.65修改'));
    expect(header().getByText('检验水平').nextSibling?.textContent).toBe('一般检验水平 III');
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-title')).toBeNull());
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    useSession.getState().signIn(productSession(['detail', 'set']));
    const user = userEvent.setup();
    const server = detailServer([], producing, refuse(PRODUCT.productSamplingEdit, MSG.recordNotFound));
    await renderPage('/productDetail?id=5');
    await screen.findByRole('heading', { name: 'METER_01' });

    await user.click(screen.getByRole('button', { name: '修改抽检设置' }));
    const panel = within(await findDialog('修改抽检设置'));
    await user.click(panel.getByLabelText('AQL'));
    await chooseOption(user, '2.5');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.recordNotFound)).toBeTruthy();
    expect(server.calls(PRODUCT.productSamplingEdit)[0]?.json).toEqual({ id: 5, inspectionLevel: 'II', aql: 2.5 });
    expect(screen.queryByText(MSG.productSamplingEdited)).toBeNull();
    expect(await findDialog('修改抽检设置')).toBeTruthy();
    expect(aqlCell().textContent).toBe('1.0修改');
  });

  it('starts each opening from the product’s values, a cancelled change left behind', async () => {
    useSession.getState().signIn(productSession(['detail', 'set']));
    const user = userEvent.setup();
    const server = detailServer([], { ...producing, inspectionLevel: 'S-2', aql: 0.065 }, answer(PRODUCT.productSamplingEdit, null));
    await renderPage('/productDetail?id=5');
    await screen.findByRole('heading', { name: 'METER_01' });

    await user.click(screen.getByRole('button', { name: '修改抽检设置' }));
    let panel = within(await findDialog('修改抽检设置'));
    await user.click(panel.getByLabelText('检验水平'));
    await chooseOption(user, '一般检验水平 I');
    await user.click(panel.getByRole('button', { name: '取消' }));

    await user.click(screen.getByRole('button', { name: '修改抽检设置' }));
    panel = within(await findDialog('修改抽检设置'));
    const item = (label: string) => panel.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
    await waitFor(() => expect(within(item('检验水平')).getByText('特殊检验水平 S-2')).toBeTruthy());
    expect(within(item('AQL')).getByText('0.065')).toBeTruthy();
    expect(server.calls(PRODUCT.productSamplingEdit)).toEqual([]);
  });
});

describe('flowRows', () => {
  it('cuts flows into rows of three', () => {
    expect(flowRows([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(flowRows([])).toEqual([]);
  });
});
