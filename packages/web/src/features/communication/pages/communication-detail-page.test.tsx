import { ACCESSORY_MSG, COMMUNICATION_ENDPOINTS as COMMUNICATION, type Dtu, PATHS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { formFields } from '../../../test/fetch-stand-in';
import { answer, type FakeRoute, type FakeServer, installServer, refuse } from '../../../test/fake-server';
import { findDialog } from '../../../test/line-terminal-fixtures';
import { findConfirm } from '../../../test/product-fixtures';
import { renderPage } from '../../../test/render-page';
import { recordBodies } from '../../../test/request-bodies';
import { moduleDtuOf, moduleOf, moduleSession, partsOf } from '../communication-fixtures';
import { modelNumberOf, moduleDetailUrl } from '../communication-view';

configure({ asyncUtilTimeout: 5000 });

const module = moduleOf({
  id: 3,
  modelType: '蓝牙模块_A01',
  communicationType: 'bluetooth',
  communicationTypeName: '蓝牙',
  standardVoltage: '3.3',
  productCompany: '深圳蓝牙科技',
  modelImageUrl: `${PATHS.file}/img3`,
  dtuCount: 2,
});
const first = moduleDtuOf({ id: 5, dtuType: 'DTU01' });
const second = moduleDtuOf({ id: 6, dtuType: 'DTU02', otherRequestFileUrl: null, otherRequestFileOriginName: null });

/** Module 3 with `dtus`; the DTU changes succeed unless `more` says otherwise. */
function detailServer(dtus: Dtu[] = [first, second], ...more: FakeRoute[]) {
  return installServer(
    answer(COMMUNICATION.communicationDetail, module),
    answer(COMMUNICATION.communicationDtuList, (request) => ({
      list: dtus,
      total: dtus.length,
      pageSize: Number(request.query.pageSize),
      pageNum: Number(request.query.page),
    })),
    answer(COMMUNICATION.communicationDtuAdd, 7),
    answer(COMMUNICATION.communicationDtuEdit, null),
    answer(COMMUNICATION.communicationDtuDelete, null),
    ...more,
  );
}

const detailPath = moduleDetailUrl(module);
const openDetail = (path = detailPath) => renderPage(path);
const dtuCalls = (server: FakeServer) => server.calls(COMMUNICATION.communicationDtuList);
const row = (dtuType: string) => screen.getByRole('row', { name: new RegExp(dtuType) });

beforeEach(() => useSession.getState().signIn(moduleSession()));

describe('通信模块详情 page', () => {
  it('reads the model of the address decoding it twice, as the grid writes it', async () => {
    const model = '蓝牙 模块&A/01%';
    const url = moduleDetailUrl({ id: 3, modelType: model });
    expect(url).toBe(`/communicationDetail?id=3&modelNumber=${encodeURIComponent(encodeURIComponent(model))}`);
    expect(modelNumberOf(new URL(url, 'http://console').searchParams)).toBe(model);

    detailServer();
    await openDetail(url);
    await screen.findByText('DTU01');
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe(`生产中心/配件检测/通信模块/${model}`);
  });

  it('shows the module: image, model, type, voltage with V, company', async () => {
    const server = detailServer();
    await openDetail();
    const summary = within(await screen.findByRole('region', { name: '模块信息' }));
    expect(summary.getByRole('img', { name: '蓝牙模块_A01' }).getAttribute('src')).toBe(`${PATHS.file}/img3`);
    expect(summary.getByText('蓝牙模块_A01')).toBeTruthy();
    expect(summary.getByText('蓝牙')).toBeTruthy();
    expect(summary.getByText('3.3V')).toBeTruthy();
    expect(summary.getByText('深圳蓝牙科技')).toBeTruthy();
    expect(server.calls(COMMUNICATION.communicationDetail)[0]?.query).toEqual({ id: '3' });
  });

  it('lists the module’s DTUs with index, model, the three files as links, status and actions', async () => {
    const server = detailServer();
    await openDetail();
    await screen.findByText('DTU01');

    expect(dtuCalls(server)[0]?.query).toEqual({ communicationPartId: '3', page: '1', pageSize: '10' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['序号', 'DTU型号', 'BOM清单', '生产文件', '其他要求', '状态', '操作']);

    const cells = within(row('DTU01'));
    expect(cells.getByText('1')).toBeTruthy();
    for (const [name, url] of [
      ['BOM5.xlsx', `${PATHS.file}/bom5`],
      ['生产文件5.pdf', `${PATHS.file}/product5`],
      ['其他要求5.docx', `${PATHS.file}/other5`],
    ] as const) {
      const link = cells.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(url);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(cells.getByText('启用')).toBeTruthy();
    expect(cells.getAllByRole('button').map((button) => button.textContent)).toEqual(['编辑', '归档']);
    // a DTU without a file of a slot shows a dash there
    expect(within(row('DTU02')).getByText('-')).toBeTruthy();
    expect(within(row('DTU02')).getByText('2')).toBeTruthy();
  });

  it('links each DTU to its task list and to a new task, without a part', async () => {
    detailServer();
    await openDetail();
    await screen.findByText('DTU01');
    const cells = within(row('DTU01'));
    expect(cells.getByRole('link', { name: '任务列表' }).getAttribute('href')).toBe('/dtuTask?dtuId=5&dtuNumber=DTU01&isAdd=no');
    expect(cells.getByRole('link', { name: '新建任务' }).getAttribute('href')).toBe('/dtuTask?dtuId=5&dtuNumber=DTU01&isAdd=yes');
  });

  it('searches by DTU model on Enter and keeps the module in the address', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    const { router } = await openDetail();
    await screen.findByText('DTU01');

    await user.type(screen.getByRole('textbox', { name: 'DTU型号' }), 'DTU0');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dtuCalls(server).at(-1)?.query).toEqual({ communicationPartId: '3', dtuType: 'DTU0', page: '1', pageSize: '10' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('id')).toBe('3');
    expect(modelNumberOf(params)).toBe('蓝牙模块_A01');
    expect(params.get('dtuType')).toBe('DTU0');
  });

  it('pages by 10, 20 or 50 and reads the page from the address', async () => {
    const many = [moduleDtuOf({ id: 20 }), moduleDtuOf({ id: 21 })];
    const server = installServer(
      answer(COMMUNICATION.communicationDetail, module),
      answer(COMMUNICATION.communicationDtuList, { list: many, total: 45, pageSize: 20, pageNum: 2 }),
    );
    await openDetail(`${detailPath}&page=2&pageSize=20`);
    await screen.findByText('DTU20');
    expect(dtuCalls(server)[0]?.query).toEqual({ communicationPartId: '3', page: '2', pageSize: '20' });
    // numbering follows the page
    expect(within(row('DTU20')).getByText('21')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('says 暂无数据 when the module has no DTU', async () => {
    detailServer([]);
    await openDetail();
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder .ant-empty-description')?.textContent).toBe('暂无数据'));
    expect(screen.getByRole('button', { name: /新增DTU/ })).toBeTruthy();
  });

  it('archives a DTU after 提示 / 是否确认归档该DTU? and says 该DTU已归档', async () => {
    const user = userEvent.setup();
    const server = detailServer();
    await openDetail();
    await screen.findByText('DTU01');

    await user.click(within(row('DTU01')).getByRole('button', { name: '归档' }));
    const confirm = await findConfirm('提示');
    expect(within(confirm).getByText(ACCESSORY_MSG.dtuArchiveConfirm)).toBeTruthy();
    expect(server.calls(COMMUNICATION.communicationDtuDelete)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('该DTU已归档')).toBeTruthy();
    expect(formFields(server.calls(COMMUNICATION.communicationDtuDelete)[0]!)).toEqual({ id: '5' });
    await waitFor(() => expect(dtuCalls(server).length).toBeGreaterThan(1));
  });

  it('shows 通信模块不存在 for an unknown module', async () => {
    installServer(refuse(COMMUNICATION.communicationDetail, '通信模块不存在', 404));
    await openDetail('/communicationDetail?id=99&modelNumber=x');
    expect(await screen.findByText('通信模块不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回通信模块' })).toBeTruthy();
  });

  it('shows a failure to read the module, or its DTUs, with 重试', async () => {
    const server = installServer(refuse(COMMUNICATION.communicationDetail, '服务器异常，请稍后重试', 500));
    await openDetail();
    expect(await screen.findByText('通信模块加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();

    server.put(answer(COMMUNICATION.communicationDetail, module), refuse(COMMUNICATION.communicationDtuList, '服务器异常，请稍后重试', 500));
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('DTU加载失败')).toBeTruthy();
  });

  it('asks for a module when the address names none', async () => {
    const server = installServer();
    await openDetail('/communicationDetail?modelNumber=x');
    expect(await screen.findByText('未指定通信模块')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
  });
});

describe('新增DTU / 编辑DTU panel', () => {
  const panelElement = () => [...document.querySelectorAll<HTMLElement>('.ant-drawer')].find((drawer) => drawer.querySelector('form'))!;
  const field = (label: string) => within(panelElement()).getByLabelText(label);
  const slotInput = (label: string) =>
    [...panelElement().querySelectorAll<HTMLElement>('.ant-form-item')]
      .find((item) => item.querySelector('label')?.textContent === label)!
      .querySelector<HTMLInputElement>('input[type="file"]')!;
  const errorsOf = () => [...panelElement().querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
  const doc = (name: string) => new File(['content of ' + name], name, { type: 'application/pdf' });

  const openAdd = async () => {
    const user = userEvent.setup();
    await screen.findByText('DTU01');
    await user.click(screen.getByRole('button', { name: /新增DTU/ }));
    const panel = within(await findDialog('新增DTU'));
    return { user, panel };
  };
  const openEdit = async () => {
    const user = userEvent.setup();
    await screen.findByText('DTU01');
    await user.click(within(row('DTU01')).getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑DTU'));
    return { user, panel };
  };

  it('asks for the model and the three files on add, and sends nothing', async () => {
    const server = detailServer();
    await openDetail();
    const { user, panel } = await openAdd();

    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(errorsOf()).toEqual([
        ACCESSORY_MSG.dtuTypeRequired,
        ACCESSORY_MSG.bomListRequired,
        ACCESSORY_MSG.productFileRequired,
        ACCESSORY_MSG.otherRequestRequired,
      ]),
    );
    expect(server.calls(COMMUNICATION.communicationDtuAdd)).toHaveLength(0);
  });

  it.each(['DTU-01', 'DTU_01', '模块DTU'])('refuses the model %s: DTU型号由英文和数字组成', async (dtuType) => {
    detailServer();
    await openDetail();
    const { user, panel } = await openAdd();
    await user.click(field('DTU型号'));
    await user.paste(dtuType);
    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errorsOf()[0]).toBe(ACCESSORY_MSG.moduleDtuTypeRule));
  });

  it('limits the model to 32 characters (DTU型号不能超过32个字符 cannot be reached)', async () => {
    detailServer();
    await openDetail();
    await openAdd();
    expect(field('DTU型号').getAttribute('maxlength')).toBe('32');
  });

  it('takes one file per slot: a second says 已有文件，请先删除现有文件', async () => {
    const user = userEvent.setup();
    detailServer();
    await openDetail();
    const { panel } = await openAdd();
    await user.upload(slotInput('BOM清单'), doc('bom.xlsx'));
    expect(await panel.findByText('bom.xlsx')).toBeTruthy();
    await user.upload(slotInput('BOM清单'), doc('bom2.xlsx'));
    expect(await screen.findByText(ACCESSORY_MSG.fileOnlyOne)).toBeTruthy();
    expect(panel.queryByText('bom2.xlsx')).toBeNull();
  });

  it('adds a DTU as multipart: communicationPartId, dtuType and the three files, then 新增DTU成功', async () => {
    const server = detailServer();
    const bodies = recordBodies();
    await openDetail();
    const { user, panel } = await openAdd();

    await user.type(field('DTU型号'), 'DTU03');
    await user.upload(slotInput('BOM清单'), doc('bom.xlsx'));
    await user.upload(slotInput('生产文件'), doc('product.pdf'));
    await user.upload(slotInput('其他要求'), doc('other.docx'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.dtuAdded)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url === COMMUNICATION.communicationDtuAdd.path);
    expect(server.seen[index]?.method).toBe('POST');
    const parts = await partsOf(bodies[index] as FormData);
    expect(parts).toEqual({
      communicationPartId: '3',
      dtuType: 'DTU03',
      bomListFile: { name: 'bom.xlsx', type: 'application/pdf', text: 'content of bom.xlsx' },
      productFile: { name: 'product.pdf', type: 'application/pdf', text: 'content of product.pdf' },
      otherRequestFile: { name: 'other.docx', type: 'application/pdf', text: 'content of other.docx' },
    });
    await waitFor(() => expect(dtuCalls(server).length).toBeGreaterThan(1));
  });

  it('edits a DTU showing the kept files; none is required and unchanged files are not sent', async () => {
    const server = detailServer();
    const bodies = recordBodies();
    await openDetail();
    const { user, panel } = await openEdit();

    expect((field('DTU型号') as HTMLInputElement).value).toBe('DTU01');
    expect(panel.getByText('BOM5.xlsx')).toBeTruthy();
    expect(panel.getByText('生产文件5.pdf')).toBeTruthy();
    expect(panel.getByText('其他要求5.docx')).toBeTruthy();

    // a slot emptied on edit is not required: the server keeps its file
    await user.click(panel.getAllByRole('button', { name: /删除文件|delete/ })[0]!);
    await waitFor(() => expect(panel.queryByText('BOM5.xlsx')).toBeNull());
    await user.clear(field('DTU型号'));
    await user.type(field('DTU型号'), 'DTU01A');
    await user.click(panel.getByRole('button', { name: '确定' }));

    // sent at all: no slot was required
    expect(await screen.findByText(ACCESSORY_MSG.dtuEdited)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url === COMMUNICATION.communicationDtuEdit.path);
    expect(await partsOf(bodies[index] as FormData)).toEqual({ id: '5', dtuType: 'DTU01A' });
  });

  it('sends a replacing file on edit in its own part', async () => {
    const server = detailServer();
    const bodies = recordBodies();
    await openDetail();
    const { user, panel } = await openEdit();

    const productSlot = slotInput('生产文件').closest('.ant-form-item') as HTMLElement;
    await user.click(within(productSlot).getByRole('button', { name: /删除文件|delete/ }));
    await user.upload(slotInput('生产文件'), doc('product-v2.pdf'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.dtuEdited)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url === COMMUNICATION.communicationDtuEdit.path);
    const parts = await partsOf(bodies[index] as FormData);
    expect(Object.keys(parts)).toEqual(['id', 'dtuType', 'productFile']);
    expect(parts.productFile).toMatchObject({ name: 'product-v2.pdf' });
  });

  it('starts empty when adding after an edit was cancelled', async () => {
    detailServer();
    await openDetail();
    const { user, panel } = await openEdit();
    await user.type(field('DTU型号'), 'X');
    await user.click(panel.getByRole('button', { name: '取消' }));

    await user.click(screen.getByRole('button', { name: /新增DTU/ }));
    const added = within(await findDialog('新增DTU'));
    await waitFor(() => expect((field('DTU型号') as HTMLInputElement).value).toBe(''));
    expect(added.queryByText('BOM5.xlsx')).toBeNull();
  });

  it('shows the server’s refusal and keeps the panel open', async () => {
    detailServer(undefined, refuse(COMMUNICATION.communicationDtuEdit, ACCESSORY_MSG.dtuTypeTaken, 409));
    await openDetail();
    const { user, panel } = await openEdit();
    await user.click(panel.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(ACCESSORY_MSG.dtuTypeTaken)).toBeTruthy();
    expect(await findDialog('编辑DTU')).toBeTruthy();
  });
});
