import { MSG, PRODUCT_ENDPOINTS as PRODUCT, type Property, PROPERTY_ENDPOINTS as PROPERTY } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../lib/session-store';
import { answer, installServer } from '../../../../test/fake-server';
import { chooseOption, fieldErrorOf, findDialog } from '../../../../test/line-terminal-fixtures';
import { confirmWith, LOOKUP_ROUTES, productOf, productSession, propertyOf } from '../../../../test/product-fixtures';
import { SETUP_LOOKUP_ROUTES } from '../../../../test/product-setup-fixtures';
import { renderPage } from '../../../../test/render-page';

configure({ asyncUtilTimeout: 5000 });

const product = productOf({ id: 1, number: 'GW_100', publishStatus: 'UNPUBLISH' });
const voltage = propertyOf({ id: 11, name: '电压', code: 'voltage', dataTypeId: 'float', dataTypeName: '单精度浮点', min: 0, max: 5, unitId: 1, unitName: 'V' });
const gear = propertyOf({
  id: 12,
  name: '档位',
  code: 'gear',
  dataTypeId: 'enum',
  dataTypeName: '枚举',
  min: null,
  max: null,
  enumerates: { 0: '低', 1: '高' },
});

/** The product and its properties; the property writes succeed. */
function serve(properties: Property[] = [voltage, gear], total = properties.length) {
  return installServer(
    ...LOOKUP_ROUTES,
    ...SETUP_LOOKUP_ROUTES,
    answer(PRODUCT.productDetail, product),
    answer(PROPERTY.propertyList, { list: properties, total, pageSize: 5, pageNum: 1 }),
    answer(PROPERTY.propertyAdd, 13),
    answer(PROPERTY.propertyEdit, null),
    answer(PROPERTY.propertyDelete, null),
  );
}

async function openAddPanel(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: '新增' }));
  const panel = within(await findDialog('新增自定义属性'));
  return panel;
}

async function fillCommon(user: UserEvent, panel: ReturnType<typeof within>) {
  await user.type(panel.getByPlaceholderText('请输入属性名称'), '开关状态');
  await user.type(panel.getByPlaceholderText('请输入标识符'), 'switch_state');
  await user.type(panel.getByPlaceholderText('请输入属性描述'), '设备开关');
}

async function chooseType(user: UserEvent, panel: ReturnType<typeof within>, name: string) {
  await user.click(panel.getByRole('combobox', { name: '数据类型' }));
  await chooseOption(user, name);
}

const errorAt = async (input: HTMLElement, message: string) =>
  waitFor(() => expect(fieldErrorOf(input)).toBe(message));

beforeEach(() => useSession.getState().signIn(productSession(['set'])));

describe('/productPotion 属性定义', () => {
  it('shows the product header, step 1 current and the properties paged by 5', async () => {
    const server = serve();
    await renderPage('/productPotion?id=1');

    expect(await screen.findByRole('heading', { name: 'GW_100' })).toBeTruthy();
    expect(document.querySelector('.ant-steps-item-process')?.textContent).toContain('属性定义');
    const row = within((await screen.findByText('电压', { selector: 'td' })).closest('tr')!);
    expect(row.getByText('取值范围：0~5，单位：V')).toBeTruthy();
    expect(screen.getByText('枚举值：0-低，1-高')).toBeTruthy();
    expect(server.calls(PROPERTY.propertyList)[0]?.query).toEqual({ productId: '1', page: '1', pageSize: '5' });
    expect(screen.getByRole('button', { name: '编辑产品' })).toBeTruthy();
  });

  it('hides every write without the set button, but keeps 导出JSON', async () => {
    // 新增 lands a role without 设置 here (the route table lets add or set in): it reads, it cannot write.
    useSession.getState().signIn(productSession(['add']));
    serve();
    await renderPage('/productPotion?id=1');

    await screen.findByText('电压', { selector: 'td' });
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑产品' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出JSON' })).toBeTruthy();
  });

  it('shows the boolean messages at their field', async () => {
    const user = userEvent.setup();
    serve();
    await renderPage('/productPotion?id=1');
    const panel = await openAddPanel(user);
    await fillCommon(user, panel);
    await chooseType(user, panel, '布尔');

    const falseInput = panel.getByLabelText('0 (false)');
    const trueInput = panel.getByLabelText('1 (true)');
    await user.click(panel.getByRole('button', { name: '确定' }));
    await errorAt(trueInput, MSG.booleanValueRequired);

    await user.type(trueInput, '开');
    await errorAt(falseInput, MSG.booleanValueRequired);
    expect(fieldErrorOf(trueInput)).toBe('');
    await user.type(falseInput, '开');
    await errorAt(falseInput, MSG.booleanValuesEqual);
    await user.clear(falseInput);
    await user.type(falseInput, 'off!');
    await errorAt(trueInput, MSG.booleanValueRule);
  });

  it('shows the range messages and keeps only digits, dot and minus', async () => {
    const user = userEvent.setup();
    serve();
    await renderPage('/productPotion?id=1');
    const panel = await openAddPanel(user);
    await fillCommon(user, panel);
    await chooseType(user, panel, '整数');

    const min = panel.getByLabelText('最小值');
    const max = panel.getByLabelText('最大值');
    await user.click(panel.getByRole('button', { name: '确定' }));
    await errorAt(min, MSG.rangeRequired);

    await user.type(min, 'a-1b');
    expect((min as HTMLInputElement).value).toBe('-1');
    await errorAt(max, MSG.rangeRequired);
    await user.type(max, '2.5');
    await errorAt(min, MSG.rangeNotNumber);
    await user.clear(max);
    await user.type(max, '-3');
    await errorAt(max, MSG.rangeOrder);
  });

  it('shows the length messages of a string', async () => {
    const user = userEvent.setup();
    serve();
    await renderPage('/productPotion?id=1');
    const panel = await openAddPanel(user);
    await fillCommon(user, panel);
    await chooseType(user, panel, '字符串');

    const length = panel.getByLabelText('取值长度');
    await user.click(panel.getByRole('button', { name: '确定' }));
    await errorAt(length, MSG.lengthRequired);
    await user.type(length, '07');
    await errorAt(length, MSG.lengthIrregular);
    await user.clear(length);
    await user.type(length, '300');
    await errorAt(length, MSG.lengthRange);
  });

  it('edits enum rows numbered from 0, checks them, and adds the property', async () => {
    const user = userEvent.setup();
    const server = serve();
    await renderPage('/productPotion?id=1');
    const panel = await openAddPanel(user);
    await fillCommon(user, panel);
    await chooseType(user, panel, '枚举');

    const listError = () => panel.queryByText((_text, element) => element?.classList.contains('ant-form-item-explain-error') ?? false)?.textContent;
    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(listError()).toBe(MSG.enumRequired));

    await user.type(panel.getByLabelText('枚举值0'), '低');
    await user.click(panel.getByRole('button', { name: /添加枚举值/ }));
    await user.type(panel.getByLabelText('枚举值1'), '低');
    await waitFor(() => expect(listError()).toBe(MSG.enumDuplicate));
    await user.clear(panel.getByLabelText('枚举值1'));
    await user.type(panel.getByLabelText('枚举值1'), '中 速');
    await waitFor(() => expect(listError()).toBe(MSG.enumRule));
    await user.clear(panel.getByLabelText('枚举值1'));
    await user.type(panel.getByLabelText('枚举值1'), '中');
    await user.click(panel.getByRole('button', { name: /添加枚举值/ }));
    await user.type(panel.getByLabelText('枚举值2'), '高');
    // removing the middle row renumbers the rows below it
    await user.click(panel.getByRole('button', { name: '删除枚举值1' }));
    expect(panel.queryByLabelText('枚举值2')).toBeNull();
    expect((panel.getByLabelText('枚举值1') as HTMLInputElement).value).toBe('高');

    await user.click(panel.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.propertyAdded)).toBeTruthy();
    expect(server.calls(PROPERTY.propertyAdd)[0]?.json).toEqual({
      productId: 1,
      name: '开关状态',
      code: 'switch_state',
      dataTypeId: 'enum',
      description: '设备开关',
      valueDescription: '',
      enumerates: { 0: '低', 1: '高' },
    });
  });

  it('clears the type fields when the data type changes', async () => {
    const user = userEvent.setup();
    serve();
    await renderPage('/productPotion?id=1');
    const panel = await openAddPanel(user);
    await chooseType(user, panel, '布尔');
    await user.type(panel.getByLabelText('1 (true)'), '开');
    await user.type(panel.getByLabelText('0 (false)'), '关');

    await chooseType(user, panel, '整数');
    await user.type(panel.getByLabelText('最小值'), '1');
    await chooseType(user, panel, '布尔');
    expect((panel.getByLabelText('1 (true)') as HTMLInputElement).value).toBe('');
    expect((panel.getByLabelText('0 (false)') as HTMLInputElement).value).toBe('');
    await chooseType(user, panel, '整数');
    expect((panel.getByLabelText('最小值') as HTMLInputElement).value).toBe('');

    // a url keeps its 链接 in 取值说明, which does not carry over to another type
    await chooseType(user, panel, '链接');
    await user.type(panel.getByLabelText('链接'), 'https://example.com');
    await chooseType(user, panel, '字符串');
    expect((panel.getByLabelText('取值说明') as HTMLTextAreaElement).value).toBe('');
  });

  it('edits a property with its saved values', async () => {
    const user = userEvent.setup();
    const server = serve();
    await renderPage('/productPotion?id=1');
    const row = within((await screen.findByText('电压', { selector: 'td' })).closest('tr')!);
    await user.click(row.getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑自定义属性'));
    expect((panel.getByLabelText('最大值') as HTMLInputElement).value).toBe('5');
    await user.clear(panel.getByLabelText('最大值'));
    await user.type(panel.getByLabelText('最大值'), '12');
    await user.click(panel.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.propertyEdited)).toBeTruthy();
    expect(server.calls(PROPERTY.propertyEdit)[0]?.json).toMatchObject({
      id: 11,
      productId: 1,
      dataTypeId: 'float',
      min: '0',
      max: '12',
      unitId: 1,
    });
  });

  it('deletes a property after the confirmation', async () => {
    const user = userEvent.setup();
    const server = serve();
    await renderPage('/productPotion?id=1');
    const row = within((await screen.findByText('档位', { selector: 'td' })).closest('tr')!);
    await user.click(row.getByRole('button', { name: '删除' }));
    await confirmWith(user, MSG.propertyDeleteConfirm);

    expect(await screen.findByText(MSG.propertyDeleted)).toBeTruthy();
    expect(server.calls(PROPERTY.propertyDelete)[0]?.json).toEqual({ id: 12 });
  });

  it('exports the JSON file and moves between the steps', async () => {
    const user = userEvent.setup();
    serve([]);
    const { router } = await renderPage('/productPotion?id=1');
    expect(await screen.findByText('暂无自定义属性')).toBeTruthy();

    // The file comes as an attachment, which the shared stand-in (text only) does not model.
    const standIn = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      String(input).startsWith(PROPERTY.propertyExportJson.path)
        ? Promise.resolve(
            new Response('[]', {
              headers: {
                'Content-Type': 'application/json',
                'Content-Disposition': `attachment; filename*=UTF-8''GW_100-properties.json`,
              },
            }),
          )
        : standIn(input, init);
    const downloads: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    };
    try {
      await user.click(screen.getByRole('button', { name: '导出JSON' }));
      await waitFor(() => expect(downloads).toEqual(['GW_100-properties.json']));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }

    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/productFlow?id=1'));
  });
});
