import { ACCESSORY_MSG, COMMUNICATION_ENDPOINTS as COMMUNICATION, type CommunicationModule, MENUS, PATHS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { formFields } from '../../../test/fetch-stand-in';
import { answer, type FakeRoute, type FakeServer, installServer, refuse } from '../../../test/fake-server';
import { chooseOption, fieldErrorOf, findDialog } from '../../../test/line-terminal-fixtures';
import { findConfirm } from '../../../test/product-fixtures';
import { renderPage } from '../../../test/render-page';
import { recordBodies } from '../../../test/request-bodies';
import { moduleOf, moduleSession, partsOf, TYPES_ROUTE } from '../communication-fixtures';

configure({ asyncUtilTimeout: 5000 });

const bluetooth = moduleOf({
  id: 3,
  modelType: '蓝牙模块_A01',
  communicationType: 'bluetooth',
  communicationTypeName: '蓝牙',
  standardVoltage: '3.3',
  productCompany: '深圳蓝牙科技',
  modelImageUrl: `${PATHS.file}/img3`,
  dtuCount: 2,
});
const wifi = moduleOf({ id: 4, modelType: 'WIFI_B02', communicationType: 'WIFI', communicationTypeName: 'WIFI', dtuCount: 0 });

/** A module server: the list answers `modules`, the changes succeed unless `more` says otherwise. */
function moduleServer(modules: CommunicationModule[] = [bluetooth, wifi], ...more: FakeRoute[]) {
  return installServer(
    TYPES_ROUTE,
    answer(COMMUNICATION.communicationList, { list: modules, total: modules.length, pageSize: 0, pageNum: 1 }),
    answer(COMMUNICATION.communicationAdd, 9),
    answer(COMMUNICATION.communicationEdit, null),
    answer(COMMUNICATION.communicationDelete, null),
    ...more,
  );
}

const listCalls = (server: FakeServer) => server.calls(COMMUNICATION.communicationList);
const cardOf = (model: string) => screen.getByRole('article', { name: model });
const buttonNames = (card: HTMLElement) => within(card).queryAllByRole('button').map((button) => button.textContent);
const openGrid = (search = '') => renderPage(`${MENUS.communication}${search}`);

beforeEach(() => useSession.getState().signIn(moduleSession()));

describe('通信模块 page', () => {
  it('shows a card per module with its image, model, type, voltage, company and DTU count, and the total', async () => {
    const server = moduleServer();
    await openGrid();

    const card = within(await screen.findByRole('article', { name: '蓝牙模块_A01' }));
    expect(card.getByRole('img', { name: '蓝牙模块_A01' }).getAttribute('src')).toBe(`${PATHS.file}/img3`);
    expect(card.getByText('蓝牙')).toBeTruthy();
    expect(card.getByText('3.3V')).toBeTruthy();
    expect(card.getByText('深圳蓝牙科技')).toBeTruthy();
    expect(card.getByText('2')).toBeTruthy();
    // no image: a neutral placeholder
    expect(within(cardOf('WIFI_B02')).getByRole('img', { name: '暂无图片' })).toBeTruthy();
    expect(within(cardOf('WIFI_B02')).getByText('5.0V')).toBeTruthy();

    expect(screen.getByLabelText('通信模块总数').textContent).toBe('共 2 个通信模块');
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/通信模块');
    expect(listCalls(server)[0]?.query).toEqual({ page: '1', pageSize: '0' });
  });

  it('searches by model on Enter and filters by communication type, keeping both in the address', async () => {
    const user = userEvent.setup();
    const server = moduleServer();
    const { router } = await openGrid();
    await screen.findByRole('article', { name: 'WIFI_B02' });

    await user.type(screen.getByRole('textbox', { name: '模块型号' }), ' WIFI ');
    expect(listCalls(server)).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toEqual({ page: '1', pageSize: '0', modelType: 'WIFI' }));

    await user.click(screen.getByRole('combobox', { name: '通信类型' }));
    await chooseOption(user, 'WIFI');
    await waitFor(() =>
      expect(listCalls(server).at(-1)?.query).toEqual({ page: '1', pageSize: '0', modelType: 'WIFI', communicationType: 'WIFI' }),
    );
    expect(router.state.location.search).toBe('?modelType=WIFI&communicationType=WIFI');
  });

  it('reads the filters from the address', async () => {
    const server = moduleServer();
    await openGrid('?modelType=A01&communicationType=bluetooth');
    await screen.findByRole('article', { name: '蓝牙模块_A01' });
    expect(listCalls(server)[0]?.query).toEqual({ page: '1', pageSize: '0', modelType: 'A01', communicationType: 'bluetooth' });
    expect((screen.getByRole('textbox', { name: '模块型号' }) as HTMLInputElement).value).toBe('A01');
  });

  it('says 暂无通信模块 when there is none, and keeps the add card', async () => {
    moduleServer([]);
    await openGrid();
    expect(await screen.findByText('暂无通信模块')).toBeTruthy();
    expect(screen.getByLabelText('通信模块总数').textContent).toBe('共 0 个通信模块');
    expect(screen.getByRole('button', { name: '新增通信模块' })).toBeTruthy();
  });

  it('says 没有符合条件的通信模块 when a filter matches none', async () => {
    moduleServer([]);
    await openGrid('?modelType=none');
    expect(await screen.findByText('没有符合条件的通信模块')).toBeTruthy();
  });

  it('shows the failure with 重试 when the list cannot be read', async () => {
    const user = userEvent.setup();
    const server = moduleServer(undefined, refuse(COMMUNICATION.communicationList, '服务器异常，请稍后重试', 500));
    await openGrid();
    expect(await screen.findByText('通信模块加载失败')).toBeTruthy();

    server.put(answer(COMMUNICATION.communicationList, { list: [wifi], total: 1, pageSize: 0, pageNum: 1 }));
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: 'WIFI_B02' })).toBeTruthy();
  });

  it('offers 详情, 编辑 and 删除 and the add card with every button', async () => {
    moduleServer();
    await openGrid();
    await screen.findByRole('article', { name: 'WIFI_B02' });
    expect(buttonNames(cardOf('WIFI_B02'))).toEqual(['详情', '编辑', '删除']);
    expect(screen.getByRole('button', { name: '新增通信模块' })).toBeTruthy();
  });

  it.each([
    [['detail'], ['详情']],
    [['edit'], ['编辑']],
    [['delete'], ['删除']],
    [['add'], []],
    [[], []],
  ])('with the buttons %j shows %j on a card', async (buttons, shown) => {
    useSession.getState().signIn(moduleSession(buttons));
    moduleServer();
    await openGrid();
    await screen.findByRole('article', { name: 'WIFI_B02' });
    expect(buttonNames(cardOf('WIFI_B02'))).toEqual(shown);
    expect(screen.queryByRole('button', { name: '新增通信模块' }) !== null).toBe(buttons.includes('add'));
  });

  it('opens the detail page with the model URI-encoded twice', async () => {
    const user = userEvent.setup();
    moduleServer();
    const { router } = await openGrid();
    await screen.findByRole('article', { name: '蓝牙模块_A01' });

    await user.click(within(cardOf('蓝牙模块_A01')).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/communicationDetail'));
    expect(router.state.location.search).toBe(`?id=3&modelNumber=${encodeURIComponent(encodeURIComponent('蓝牙模块_A01'))}`);
    expect(router.state.location.search).toContain('%25E8%2593%259D');
  });

  it('deletes a module after 提示 / 是否删除该通信模块? and says 该通信模块已删除', async () => {
    const user = userEvent.setup();
    const server = moduleServer();
    await openGrid();
    await screen.findByRole('article', { name: 'WIFI_B02' });

    await user.click(within(cardOf('WIFI_B02')).getByRole('button', { name: '删除' }));
    const confirm = await findConfirm('提示');
    expect(within(confirm).getByText(ACCESSORY_MSG.moduleDeleteConfirm)).toBeTruthy();
    expect(server.calls(COMMUNICATION.communicationDelete)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.moduleDeleted)).toBeTruthy();
    const call = server.calls(COMMUNICATION.communicationDelete)[0]!;
    expect(formFields(call)).toEqual({ id: '4' });
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(1));
  });

  it('sends nothing when the deletion is cancelled', async () => {
    const user = userEvent.setup();
    const server = moduleServer();
    await openGrid();
    await screen.findByRole('article', { name: 'WIFI_B02' });
    await user.click(within(cardOf('WIFI_B02')).getByRole('button', { name: '删除' }));
    await user.click(within(await findConfirm('提示')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(server.calls(COMMUNICATION.communicationDelete)).toHaveLength(0);
  });

  it('shows the server’s message when a module with DTUs is refused (409)', async () => {
    const user = userEvent.setup();
    moduleServer(undefined, refuse(COMMUNICATION.communicationDelete, ACCESSORY_MSG.moduleHasDtus, 409));
    await openGrid();
    await screen.findByRole('article', { name: '蓝牙模块_A01' });
    await user.click(within(cardOf('蓝牙模块_A01')).getByRole('button', { name: '删除' }));
    await user.click(within(await findConfirm('提示')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(ACCESSORY_MSG.moduleHasDtus)).toBeTruthy();
    expect(screen.queryByText(ACCESSORY_MSG.moduleDeleted)).toBeNull();
  });
});

describe('新增通信模块 / 编辑通信模块 panel', () => {
  const openAdd = async () => {
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'WIFI_B02' });
    await user.click(screen.getByRole('button', { name: '新增通信模块' }));
    const panel = within(await findDialog('新增通信模块'));
    return { user, panel };
  };
  // the grid's own search box and filter share these names: look inside the panel
  const panelElement = () => [...document.querySelectorAll<HTMLElement>('.ant-drawer')].find((drawer) => drawer.querySelector('form'))!;
  const field = (label: string) => within(panelElement()).getByLabelText(label);
  const typeSelect = () => within(panelElement()).getByRole('combobox', { name: '通信类型' });
  const imageInput = () => document.querySelector<HTMLInputElement>('.ant-drawer .image-field input[type="file"]')!;
  const png = (name: string, size?: number) => {
    const file = new File(['\u0089PNG'], name, { type: 'image/png' });
    if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
    return file;
  };
  const chooseType = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(typeSelect());
    await chooseOption(user, name);
  };
  const fillValid = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(field('模块型号'), '三合一_M01');
    await chooseType(user, '海容三合一');
    await user.type(field('工作电压'), '5.0');
    await user.type(field('所属公司'), '海容科技');
  };

  it('asks for every field when all are empty, and sends nothing', async () => {
    const server = moduleServer();
    await openGrid();
    const { user, panel } = await openAdd();

    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(field('模块型号'))).toBe(ACCESSORY_MSG.moduleModelRequired));
    expect(fieldErrorOf(typeSelect())).toBe(ACCESSORY_MSG.moduleTypeRequired);
    expect(fieldErrorOf(field('工作电压'))).toBe(ACCESSORY_MSG.voltageRequired);
    expect(fieldErrorOf(field('所属公司'))).toBe(ACCESSORY_MSG.companyRequired);
    expect(server.calls(COMMUNICATION.communicationAdd)).toHaveLength(0);
  });

  it.each([
    ['abc', '5.0.1', 'abc', ACCESSORY_MSG.moduleModelRule, ACCESSORY_MSG.voltageRule, ACCESSORY_MSG.companyRule],
    ['模块-A01', '5V', '海容科技-有限公司', ACCESSORY_MSG.moduleModelRule, ACCESSORY_MSG.voltageRule, ACCESSORY_MSG.companyRule],
    ['模块_A01', '.5', '海容@科技', '', ACCESSORY_MSG.voltageRule, ACCESSORY_MSG.companyRule],
  ])('rejects model %s, voltage %s and company %s with the shared rules', async (model, voltage, company, modelMessage, voltageMessage, companyMessage) => {
    moduleServer();
    await openGrid();
    const { user, panel } = await openAdd();
    for (const [label, value] of [['模块型号', model], ['工作电压', voltage], ['所属公司', company]] as const) {
      await user.click(field(label));
      await user.paste(value);
    }
    await user.click(panel.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(fieldErrorOf(field('工作电压'))).toBe(voltageMessage));
    expect(fieldErrorOf(field('模块型号'))).toBe(modelMessage);
    expect(fieldErrorOf(field('所属公司'))).toBe(companyMessage);
  });

  it('limits model, voltage and company, and shows the voltage with V', async () => {
    moduleServer();
    await openGrid();
    await openAdd();
    expect(field('模块型号').getAttribute('maxlength')).toBe('18');
    expect(field('所属公司').getAttribute('maxlength')).toBe('64');
    expect(field('工作电压').getAttribute('placeholder')).toBe('如 5.0');
    expect(field('工作电压').closest('.ant-input-affix-wrapper')?.querySelector('.ant-input-suffix')?.textContent).toBe('V');
  });

  it('refuses an image over 500 KB, one not png or jpg, and a second image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    moduleServer();
    await openGrid();
    await screen.findByRole('article', { name: 'WIFI_B02' });
    await user.click(screen.getByRole('button', { name: '新增通信模块' }));
    const panel = within(await findDialog('新增通信模块'));

    await user.upload(imageInput(), png('big.png', 500 * 1024));
    expect(await screen.findByText(ACCESSORY_MSG.moduleImageTooLarge)).toBeTruthy();
    await user.upload(imageInput(), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText(ACCESSORY_MSG.imageType)).toBeTruthy();

    await user.upload(imageInput(), png('module.png'));
    await waitFor(() => expect(panel.getByText('模块图片', { selector: '.ant-upload-list-item *' })).toBeTruthy());
    await user.upload(imageInput(), png('second.png'));
    expect(await screen.findByText(ACCESSORY_MSG.imageOnlyOne)).toBeTruthy();
  });

  it('adds a module as multipart: the JSON part and the image, then 新增通信模块成功', async () => {
    const server = moduleServer();
    const bodies = recordBodies();
    await openGrid();
    const { user, panel } = await openAdd();

    await fillValid(user);
    await user.upload(imageInput(), png('module.png'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.moduleAdded)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url === COMMUNICATION.communicationAdd.path);
    expect(server.seen[index]?.method).toBe('POST');
    const parts = await partsOf(bodies[index] as FormData);
    expect(Object.keys(parts)).toEqual(['communicationPartParam', 'modelImage']);
    const param = parts.communicationPartParam as { type: string; text: string };
    expect(param.type).toBe('application/json');
    expect(JSON.parse(param.text)).toEqual({
      modelType: '三合一_M01',
      communicationType: 'THREE_2_ONE',
      standardVoltage: '5.0',
      productCompany: '海容科技',
    });
    expect(parts.modelImage).toMatchObject({ name: 'module.png', type: 'image/png' });
    // closed, and the grid read again
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(1));
  });

  it('adds a module without an image: the JSON part alone', async () => {
    const server = moduleServer();
    const bodies = recordBodies();
    await openGrid();
    const { user, panel } = await openAdd();
    await fillValid(user);
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.moduleAdded)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url === COMMUNICATION.communicationAdd.path);
    expect(Object.keys(await partsOf(bodies[index] as FormData))).toEqual(['communicationPartParam']);
  });

  it('edits a module with its values and image filled in; the JSON part carries the id and the kept image is not sent', async () => {
    const user = userEvent.setup();
    const server = moduleServer();
    const bodies = recordBodies();
    await openGrid();
    await screen.findByRole('article', { name: '蓝牙模块_A01' });

    await user.click(within(cardOf('蓝牙模块_A01')).getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑通信模块'));
    expect((field('模块型号') as HTMLInputElement).value).toBe('蓝牙模块_A01');
    expect(panel.getByTitle('蓝牙')).toBeTruthy();
    expect((field('工作电压') as HTMLInputElement).value).toBe('3.3');
    expect((field('所属公司') as HTMLInputElement).value).toBe('深圳蓝牙科技');
    expect(document.querySelector(`.ant-drawer .image-field img[src="${PATHS.file}/img3"]`)).toBeTruthy();

    await user.clear(field('工作电压'));
    await user.type(field('工作电压'), '12');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.moduleEdited)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url === COMMUNICATION.communicationEdit.path);
    const parts = await partsOf(bodies[index] as FormData);
    expect(Object.keys(parts)).toEqual(['communicationPartParam']);
    expect(JSON.parse((parts.communicationPartParam as { text: string }).text)).toEqual({
      id: 3,
      modelType: '蓝牙模块_A01',
      communicationType: 'bluetooth',
      standardVoltage: '12',
      productCompany: '深圳蓝牙科技',
    });
  });

  it('replaces the image on edit: the new file goes as modelImage', async () => {
    const user = userEvent.setup();
    const server = moduleServer();
    const bodies = recordBodies();
    await openGrid();
    await screen.findByRole('article', { name: '蓝牙模块_A01' });
    await user.click(within(cardOf('蓝牙模块_A01')).getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑通信模块'));

    await user.click(panel.getByRole('button', { name: /删除文件|delete/ }));
    await user.upload(imageInput(), png('new.png'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.moduleEdited)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url === COMMUNICATION.communicationEdit.path);
    expect((await partsOf(bodies[index] as FormData)).modelImage).toMatchObject({ name: 'new.png' });
  });

  it('starts empty when adding after an edit was cancelled', async () => {
    const user = userEvent.setup();
    moduleServer();
    await openGrid();
    await screen.findByRole('article', { name: '蓝牙模块_A01' });
    await user.click(within(cardOf('蓝牙模块_A01')).getByRole('button', { name: '编辑' }));
    const edit = within(await findDialog('编辑通信模块'));
    await user.type(field('所属公司'), '改');
    await user.click(edit.getByRole('button', { name: '取消' }));

    await user.click(screen.getByRole('button', { name: '新增通信模块' }));
    await findDialog('新增通信模块');
    await waitFor(() => expect((field('模块型号') as HTMLInputElement).value).toBe(''));
    expect((field('所属公司') as HTMLInputElement).value).toBe('');
    expect(document.querySelector('.ant-drawer .image-field img')).toBeNull();
  });

  it('shows the server’s refusal and keeps the panel open', async () => {
    moduleServer(undefined, refuse(COMMUNICATION.communicationAdd, ACCESSORY_MSG.moduleModelTaken, 409));
    await openGrid();
    const { user, panel } = await openAdd();
    await fillValid(user);
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(ACCESSORY_MSG.moduleModelTaken)).toBeTruthy();
    expect(await findDialog('新增通信模块')).toBeTruthy();
  });
});
