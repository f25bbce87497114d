import { FIRMWARE_ENDPOINTS as FIRMWARE, type Firmware, MENUS, MSG, PATHS, PRODUCT_ENDPOINTS as PRODUCT } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, installServer, refuse } from '../../../test/fake-server';
import { chooseOption, fieldErrorOf, findDialog } from '../../../test/line-terminal-fixtures';
import { confirmWith, firmwareOf, LOOKUP_ROUTES, productOf, productSession } from '../../../test/product-fixtures';
import { recordBodies } from '../../../test/request-bodies';
import { renderPage } from '../../../test/render-page';

configure({ asyncUtilTimeout: 5000 });

const product = productOf({ id: 7, number: 'GW_PUSH', code: 'GWPUSH', publishStatus: 'UNPUBLISH' });
const stopped = firmwareOf({ id: 1, type: 'TEST', versionNumber: 'v1.0.0', status: 'STOP', originName: 'test-1.bin' });
const inUse = firmwareOf({ id: 2, type: 'TEST', versionNumber: 'v1.1.0', status: 'USE', originName: 'test-2.bin' });
const business = firmwareOf({ id: 3, type: 'BUSINESS', versionNumber: 'v2.0.0', status: 'STOP', originName: 'app.bin' });

/** The product and its firmware; every write succeeds unless `more` says otherwise. */
function pushServer(firmwares: Firmware[] = [stopped, inUse, business], shown = product, ...more: FakeRoute[]) {
  return installServer(
    ...LOOKUP_ROUTES,
    answer(PRODUCT.productDetail, shown),
    answer(FIRMWARE.firmwareList, (request) => {
      const list = firmwares.filter((firmware) => firmware.type === request.query.type);
      return { list, total: list.length, pageSize: 5, pageNum: 1 };
    }),
    answer(PRODUCT.productEdit, null),
    answer(PRODUCT.productPublish, null),
    answer(FIRMWARE.firmwareAdd, 9),
    answer(FIRMWARE.firmwareEdit, null),
    answer(FIRMWARE.firmwareUse, null),
    answer(FIRMWARE.firmwareStop, null),
    answer(FIRMWARE.firmwareDelete, null),
    ...more,
  );
}

const card = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;
const row = (version: string) => screen.getByRole('row', { name: new RegExp(version.replaceAll('.', '\\.')) });
const location = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

beforeEach(() => useSession.getState().signIn(productSession()));

describe('产品发布 page', () => {
  it('shows the product header, the step bar at step 3 and both firmware tables with their counts', async () => {
    const server = pushServer();
    await renderPage('/productPush?id=7');

    expect(await screen.findByRole('heading', { name: 'GW_PUSH' })).toBeTruthy();
    expect(screen.getByText('GWPUSH')).toBeTruthy();
    expect(screen.getByText('网络支持').nextSibling?.textContent).toBe('是');
    expect(screen.getByText('通信方式').nextSibling?.textContent).toBe('2.4G');
    expect(await screen.findByText('产测固件（2）')).toBeTruthy();
    expect(await screen.findByText('业务固件（1）')).toBeTruthy();
    expect(document.querySelector('.ant-steps-item-active, .ant-steps-item-process')?.textContent).toContain('产品发布');

    const link = within(row('v1.0.0')).getByRole('link', { name: 'test-1.bin' });
    expect(link.getAttribute('href')).toBe(`${PATHS.file}/key1`);
    expect(within(row('v1.0.0')).getByText('停用')).toBeTruthy();
    expect(within(row('v1.1.0')).getByText('使用中')).toBeTruthy();
    const list = server.calls(FIRMWARE.firmwareList).find((request) => request.query.type === 'TEST');
    expect(list?.query).toEqual({ productId: '7', type: 'TEST', page: '1', pageSize: '5' });
  });

  it('says 暂无产测固件 and 暂无业务固件 when there is none', async () => {
    pushServer([]);
    await renderPage('/productPush?id=7');
    expect(await screen.findByText('暂无产测固件')).toBeTruthy();
    expect(screen.getByText('暂无业务固件')).toBeTruthy();
    expect(screen.getByText('产测固件（0）')).toBeTruthy();
  });

  it('offers 编辑, 开启 and 删除 on a stopped firmware and only 停止 on one in use', async () => {
    pushServer();
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');

    const names = (version: string) => within(row(version)).queryAllByRole('button').map((button) => button.textContent);
    expect(names('v1.0.0')).toEqual(['编辑', '开启', '删除']);
    expect(names('v1.1.0')).toEqual(['停止']);
    expect(within(card('产测固件（2）')).getByRole('button', { name: '新增' })).toBeTruthy();
  });

  it('hides every firmware write and the edit icon without set, and 发布 without push', async () => {
    // 新增 lands a role without 设置 here (the route table lets add or set in): it reads, it cannot write.
    useSession.getState().signIn(productSession(['add']));
    pushServer();
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');

    for (const name of ['新增', '编辑', '开启', '删除', '停止', '发布', '编辑产品']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '上一步' })).toBeTruthy();
  });

  it.each([
    ['v1.0.0', '开启', '是否开启该固件?', 'firmwareUse', MSG.firmwareUsed, 1],
    ['v1.0.0', '删除', '是否删除该固件?', 'firmwareDelete', MSG.firmwareDeleted, 1],
    ['v1.1.0', '停止', '是否停止该固件?', 'firmwareStop', MSG.firmwareStopped, 2],
  ] as const)('%s: %s asks %s, posts %s and says %s', async (version, action, question, name, success, id) => {
    const user = userEvent.setup();
    const server = pushServer();
    await renderPage('/productPush?id=7');
    await screen.findByText(version);

    await user.click(within(row(version)).getByRole('button', { name: action }));
    await confirmWith(user, question);
    expect(await screen.findByText(success)).toBeTruthy();
    expect(server.calls(FIRMWARE[name])[0]?.json).toEqual({ id });
  });

  it('shows the server’s refusal of a firmware action', async () => {
    const user = userEvent.setup();
    pushServer(undefined, undefined, refuse(FIRMWARE.firmwareDelete, MSG.firmwareInUse));
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(within(row('v1.0.0')).getByRole('button', { name: '删除' }));
    await confirmWith(user, '是否删除该固件?');
    expect(await screen.findByText(MSG.firmwareInUse)).toBeTruthy();
  });

  it('publishes after 是否发布该产品? and goes back to the product center', async () => {
    const user = userEvent.setup();
    const server = pushServer();
    const { router } = await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');

    await user.click(screen.getByRole('button', { name: '发布' }));
    await confirmWith(user, MSG.productPublishConfirm);
    expect(await screen.findByText(MSG.productPublished)).toBeTruthy();
    expect(server.calls(PRODUCT.productPublish)[0]?.json).toEqual({ id: 7 });
    await waitFor(() => expect(location(router)).toBe(MENUS.productCenter));
  });

  it('stays on the page when publishing is refused', async () => {
    const user = userEvent.setup();
    pushServer(undefined, undefined, refuse(PRODUCT.productPublish, MSG.productHasNoFlow));
    const { router } = await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(screen.getByRole('button', { name: '发布' }));
    await confirmWith(user, MSG.productPublishConfirm);
    expect(await screen.findByText(MSG.productHasNoFlow)).toBeTruthy();
    expect(location(router)).toBe('/productPush?id=7');
  });

  it.each([
    ['上一步', '/productFlow?id=7'],
    ['关闭', MENUS.productCenter],
  ])('%s goes to %s', async (name, address) => {
    const user = userEvent.setup();
    pushServer();
    const { router } = await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(location(router)).toBe(address));
  });

  it.each([
    ['属性定义', '/productPotion?id=7'],
    ['流程设置', '/productFlow?id=7'],
  ])('the step %s opens %s', async (step, address) => {
    const user = userEvent.setup();
    pushServer();
    const { router } = await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(screen.getByText(step));
    await waitFor(() => expect(location(router)).toBe(address));
  });

  it('edits the product from the header icon and says 编辑产品成功', async () => {
    const user = userEvent.setup();
    const server = pushServer([]);
    await renderPage('/productPush?id=7');
    await user.click(await screen.findByRole('button', { name: '编辑产品' }));
    const panel = within(await findDialog('编辑产品'));

    expect((panel.getByLabelText('产品型号') as HTMLInputElement).value).toBe('GW_PUSH');
    await waitFor(() => expect(panel.getByText('2.4G')).toBeTruthy());
    const description = panel.getByLabelText('产品描述');
    await user.clear(description);
    await user.type(description, '新的描述');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.productEdited)).toBeTruthy();
    const edit = server.calls(PRODUCT.productEdit)[0];
    expect(edit?.json).toEqual({
      id: 7,
      productTypeId: 1,
      number: 'GW_PUSH',
      code: 'GWPUSH',
      connectInternet: true,
      communicationId: '2.4G',
      dataFormatId: 1,
      description: '新的描述',
      inspectionLevel: 'II',
      aql: 1,
    });
    // the header is read again
    await waitFor(() => expect(server.calls(PRODUCT.productDetail).length).toBeGreaterThan(1));
  });

  it('shows the product’s inspection level and AQL in the header and edits them', async () => {
    const user = userEvent.setup();
    const server = pushServer([], { ...product, inspectionLevel: 'S-2', aql: 0.065 });
    await renderPage('/productPush?id=7');
    await screen.findByRole('heading', { name: 'GW_PUSH' });
    expect(screen.getByText('检验水平').nextSibling?.textContent).toBe('特殊检验水平 S-2');
    expect(screen.getByText('AQL').nextSibling?.textContent).toBe('0.065');

    await user.click(screen.getByRole('button', { name: '编辑产品' }));
    const panel = within(await findDialog('编辑产品'));
    const item = (label: string) => panel.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
    expect(within(item('检验水平')).getByText('特殊检验水平 S-2')).toBeTruthy();
    expect(within(item('AQL')).getByText('0.065')).toBeTruthy();
    await user.click(panel.getByLabelText('检验水平'));
    await chooseOption(user, '一般检验水平 III');
    await user.click(panel.getByLabelText('AQL'));
    await chooseOption(user, '0.10');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.productEdited)).toBeTruthy();
    expect(server.calls(PRODUCT.productEdit)[0]?.json).toMatchObject({ id: 7, inspectionLevel: 'III', aql: 0.1 });
  });

  it('offers no writes on a published product', async () => {
    pushServer(undefined, { ...product, publishStatus: 'PUBLISH' });
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    for (const name of ['新增', '编辑', '发布', '编辑产品']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('firmware side panel', () => {
  const openAdd = async (title = '产测固件（2）') => {
    const user = userEvent.setup();
    await screen.findByText(title);
    await user.click(within(card(title)).getByRole('button', { name: '新增' }));
    const panel = await findDialog('新增产测固件');
    return { user, panel: within(panel) };
  };
  const fileInput = () => document.querySelector<HTMLInputElement>('.ant-drawer input[type="file"]')!;
  const binary = (name: string) => new File(['\u007fELF firmware'], name, { type: 'application/octet-stream' });

  it('asks for version, file and description', async () => {
    const server = pushServer();
    await renderPage('/productPush?id=7');
    const { user, panel } = await openAdd();

    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(panel.getByLabelText('版本号'))).toBe(MSG.firmwareVersionRequired));
    expect(fieldErrorOf(panel.getByLabelText('描述'))).toBe(MSG.firmwareDescriptionRequired);
    expect(panel.getByText(MSG.firmwareFileRequired)).toBeTruthy();
    expect(server.calls(FIRMWARE.firmwareAdd)).toHaveLength(0);
  });

  it('takes one file only: a second says 已有固件，请先删除现有固件', async () => {
    const user = userEvent.setup();
    pushServer();
    await renderPage('/productPush?id=7');
    const { panel } = await openAdd();

    await user.upload(fileInput(), binary('first.bin'));
    expect(await panel.findByText('first.bin')).toBeTruthy();
    await user.upload(fileInput(), binary('second.bin'));
    expect(await screen.findByText(MSG.firmwareFileOnlyOne)).toBeTruthy();
    expect(panel.queryByText('second.bin')).toBeNull();
  });

  it('adds a firmware: query values and the file part data, then 新增固件成功', async () => {
    const user = userEvent.setup();
    const server = pushServer();
    const bodies = recordBodies();
    await renderPage('/productPush?id=7');
    const { panel } = await openAdd();

    await user.type(panel.getByLabelText('版本号'), ' v3.0.0 ');
    await user.upload(fileInput(), binary('fw-3.bin'));
    await user.type(panel.getByLabelText('描述'), '第三版');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.firmwareAdded)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url.startsWith(FIRMWARE.firmwareAdd.path));
    expect(server.seen[index]?.method).toBe('POST');
    expect(server.calls(FIRMWARE.firmwareAdd)[0]?.query).toEqual({ productId: '7', type: 'TEST', version: 'v3.0.0', description: '第三版' });
    const form = bodies[index] as FormData;
    expect((form.get('data') as File).name).toBe('fw-3.bin');
  });

  it('edits a stopped firmware without a new file as an empty post', async () => {
    const user = userEvent.setup();
    const server = pushServer();
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(within(row('v1.0.0')).getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑产测固件'));

    expect((panel.getByLabelText('版本号') as HTMLInputElement).value).toBe('v1.0.0');
    expect(panel.getByText('test-1.bin')).toBeTruthy();
    await user.clear(panel.getByLabelText('版本号'));
    await user.type(panel.getByLabelText('版本号'), 'v1.0.1');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.firmwareEdited)).toBeTruthy();
    expect(screen.queryByText(MSG.firmwareFileEditFailed)).toBeNull();
    const edit = server.calls(FIRMWARE.firmwareEdit)[0];
    expect(edit?.query).toEqual({ id: '1', version: 'v1.0.1', description: '产测固件' });
    expect(edit?.body).toBe('{}');
  });

  it('sends a replacing file on edit', async () => {
    const user = userEvent.setup();
    const server = pushServer();
    const bodies = recordBodies();
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(within(row('v1.0.0')).getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑产测固件'));

    await user.click(panel.getByRole('button', { name: /删除文件|delete/ }));
    await user.upload(fileInput(), binary('new.bin'));
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.firmwareEdited)).toBeTruthy();
    const index = server.seen.findIndex((request) => request.url.startsWith(FIRMWARE.firmwareEdit.path));
    expect(((bodies[index] as FormData).get('data') as File).name).toBe('new.bin');
  });

  it('warns 文件修改失败 when the file was removed and none chosen: the server kept the old one', async () => {
    const user = userEvent.setup();
    pushServer();
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(within(row('v1.0.0')).getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑产测固件'));

    await user.click(panel.getByRole('button', { name: /删除文件|delete/ }));
    await waitFor(() => expect(panel.queryByText('test-1.bin')).toBeNull());
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.firmwareEdited)).toBeTruthy();
    expect(await screen.findByText(MSG.firmwareFileEditFailed)).toBeTruthy();
  });

  it('starts empty when adding after an edit was cancelled', async () => {
    const user = userEvent.setup();
    pushServer();
    await renderPage('/productPush?id=7');
    await screen.findByText('v1.0.0');
    await user.click(within(row('v1.0.0')).getByRole('button', { name: '编辑' }));
    const editPanel = within(await findDialog('编辑产测固件'));
    await user.type(editPanel.getByLabelText('版本号'), '-changed');
    await user.click(editPanel.getByRole('button', { name: '取消' }));

    const { panel } = await openAdd();
    await waitFor(() => expect((panel.getByLabelText('版本号') as HTMLInputElement).value).toBe(''));
    expect((panel.getByLabelText('描述') as HTMLTextAreaElement).value).toBe('');
    expect(panel.queryByText('test-1.bin')).toBeNull();
  });
});
