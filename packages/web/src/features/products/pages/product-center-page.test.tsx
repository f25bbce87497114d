import { MENUS, MSG, PRODUCT_ENDPOINTS as PRODUCT, type Product } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, type FakeServer, installServer, refuse } from '../../../test/fake-server';
import { chooseOption, fieldErrorOf, findDialog } from '../../../test/line-terminal-fixtures';
import {
  cardOf,
  confirmWith,
  installIntersectionStandIn,
  LOOKUP_ROUTES,
  productOf,
  productSession,
} from '../../../test/product-fixtures';
import { renderPage } from '../../../test/render-page';

configure({ asyncUtilTimeout: 5000 });

const draft = productOf({ id: 1, number: 'GW_DRAFT', code: 'GW001', publishStatus: 'UNPUBLISH' });
const published = productOf({ id: 2, number: 'GW_PUBLISHED', code: 'GW002', publishStatus: 'PUBLISH' });
const producing = productOf({ id: 3, number: 'GW_PRODUCING', code: 'GW003', publishStatus: 'PRODUCTING' });

interface Counts {
  publishCount?: number;
  unPublishCount?: number;
  producingCount?: number;
}

/** A product server: queryProduct answers `pages` (one list per page), the card actions succeed unless `more` says otherwise. */
function productServer(
  pages: Product[][] = [[draft, published]],
  counts: Counts = { publishCount: 1, unPublishCount: 1, producingCount: 0 },
  ...more: FakeRoute[]
) {
  const total = pages.reduce((sum, page) => sum + page.length, 0);
  return installServer(
    ...LOOKUP_ROUTES,
    answer(PRODUCT.productQuery, (request) => {
      const page = Number(request.query.page ?? 1);
      return {
        list: pages[page - 1] ?? [],
        total,
        pageSize: 20,
        pageNum: page,
        publishCount: 0,
        unPublishCount: 0,
        producingCount: 0,
        ...counts,
      };
    }),
    answer(PRODUCT.productPublish, null),
    answer(PRODUCT.productRevoke, null),
    answer(PRODUCT.productCopy, 9),
    answer(PRODUCT.productDelete, null),
    ...more,
  );
}

const queryCalls = (server: FakeServer) => server.calls(PRODUCT.productQuery);
const buttonNames = (card: HTMLElement) => within(card).queryAllByRole('button').map((button) => button.textContent);
const openCenter = () => renderPage(MENUS.productCenter);

beforeEach(() => useSession.getState().signIn(productSession()));

describe('产品中心 page', () => {
  it('shows a card per product with its fields, and the totals', async () => {
    const server = productServer();
    await openCenter();

    const card = within(await screen.findByRole('article', { name: 'GW_DRAFT' }));
    expect(card.getByText('未发布')).toBeTruthy();
    expect(card.getByText('智能网关')).toBeTruthy();
    expect(card.getByText('GW001')).toBeTruthy();
    expect(card.getByText('2.4G')).toBeTruthy();
    expect(card.getByText('2026-03-01 09:30:00')).toBeTruthy();
    expect(within(cardOf('GW_PUBLISHED')).getByText('已发布')).toBeTruthy();

    const totals = screen.getByLabelText('产品统计');
    expect(totals.textContent).toBe('已发布 1未发布 1');
    expect(queryCalls(server)[0]?.query).toEqual({ page: '1', pageSize: '20' });
  });

  it('shows 生产中 in the totals only when some product is in production', async () => {
    productServer([[producing]], { publishCount: 4, unPublishCount: 2, producingCount: 3 });
    await openCenter();
    await screen.findByRole('article', { name: 'GW_PRODUCING' });
    expect(screen.getByLabelText('产品统计').textContent).toBe('已发布 4未发布 2生产中 3');
  });

  it('filters by product type and status, both clearable', async () => {
    const user = userEvent.setup();
    const server = productServer();
    await openCenter();
    await screen.findByRole('article', { name: 'GW_DRAFT' });

    await user.click(screen.getByRole('combobox', { name: '产品类型' }));
    await chooseOption(user, '智能电表');
    await waitFor(() => expect(queryCalls(server).at(-1)?.query).toEqual({ productTypeId: '2', page: '1', pageSize: '20' }));

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await chooseOption(user, '已发布');
    await waitFor(() =>
      expect(queryCalls(server).at(-1)?.query).toEqual({ productTypeId: '2', publishStatus: 'PUBLISH', page: '1', pageSize: '20' }),
    );
    expect(document.querySelectorAll('.product-center-page__filters .ant-select-clear')).toHaveLength(2);
  });

  it('says 暂无产品 when there is none', async () => {
    productServer([[]], { publishCount: 0, unPublishCount: 0 });
    await openCenter();
    expect(await screen.findByText('暂无产品')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增产品' })).toBeTruthy();
  });

  it('offers 设置, 发布 and 删除 on an unpublished product and 撤回 on the others', async () => {
    productServer([[draft, published, producing]]);
    await openCenter();
    await screen.findByRole('article', { name: 'GW_DRAFT' });

    expect(buttonNames(cardOf('GW_DRAFT'))).toEqual(['详情', '设置', '发布', '复制', '删除']);
    expect(buttonNames(cardOf('GW_PUBLISHED'))).toEqual(['详情', '撤回', '复制']);
    expect(buttonNames(cardOf('GW_PRODUCING'))).toEqual(['详情', '撤回', '复制']);
    expect(screen.getByRole('button', { name: '新增产品' })).toBeTruthy();
  });

  it.each([
    [['detail'], ['详情'], ['详情']],
    [['set', 'push'], ['设置', '发布'], []],
    [['back', 'copy'], ['复制'], ['撤回', '复制']],
    [['delete'], ['删除'], []],
  ])('with the buttons %j shows %j and %j', async (buttons, onDraft, onPublished) => {
    useSession.getState().signIn(productSession(buttons));
    productServer();
    await openCenter();
    await screen.findByRole('article', { name: 'GW_DRAFT' });

    expect(buttonNames(cardOf('GW_DRAFT'))).toEqual(onDraft);
    expect(buttonNames(cardOf('GW_PUBLISHED'))).toEqual(onPublished);
    expect(screen.queryByRole('button', { name: '新增产品' })).toBeNull();
  });

  it.each([
    ['GW_DRAFT', '设置', '/productPotion?id=1'],
    ['GW_PUBLISHED', '详情', '/productDetail?id=2'],
  ])('%s: %s opens %s', async (number, action, address) => {
    const user = userEvent.setup();
    productServer();
    const { router } = await openCenter();
    await screen.findByRole('article', { name: number });

    await user.click(within(cardOf(number)).getByRole('button', { name: action }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(address));
  });

  it.each([
    ['GW_DRAFT', '发布', MSG.productPublishConfirm, 'productPublish', MSG.productPublished, 1],
    ['GW_PUBLISHED', '撤回', MSG.productRevokeConfirm, 'productRevoke', MSG.productRevoked, 2],
    ['GW_PUBLISHED', '复制', MSG.productCopyConfirm, 'productCopy', MSG.productCopied, 2],
    ['GW_DRAFT', '删除', MSG.productDeleteConfirm, 'productDelete', MSG.productDeleted, 1],
  ] as const)('%s: %s asks %s, posts %s and says %s', async (number, action, question, name, success, id) => {
    const user = userEvent.setup();
    const server = productServer();
    await openCenter();
    await screen.findByRole('article', { name: number });

    await user.click(within(cardOf(number)).getByRole('button', { name: action }));
    await confirmWith(user, question);

    expect(await screen.findByText(success)).toBeTruthy();
    const call = server.calls(PRODUCT[name])[0];
    expect(call?.method).toBe('POST');
    expect(call?.json).toEqual({ id });
    // the list and totals are read again
    await waitFor(() => expect(queryCalls(server).length).toBeGreaterThan(1));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const server = productServer();
    await openCenter();
    await screen.findByRole('article', { name: 'GW_DRAFT' });

    await user.click(within(cardOf('GW_DRAFT')).getByRole('button', { name: '删除' }));
    const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeTruthy());
    await user.click(within(dialog ?? document.querySelector<HTMLElement>('.ant-modal-confirm')!).getByRole('button', { name: '取消' }));
    expect(server.calls(PRODUCT.productDelete)).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    productServer(undefined, undefined, refuse(PRODUCT.productPublish, MSG.productHasNoFlow));
    await openCenter();
    await screen.findByRole('article', { name: 'GW_DRAFT' });

    await user.click(within(cardOf('GW_DRAFT')).getByRole('button', { name: '发布' }));
    await confirmWith(user, MSG.productPublishConfirm);
    expect(await screen.findByText(MSG.productHasNoFlow)).toBeTruthy();
    expect(screen.queryByText(MSG.productPublished)).toBeNull();
  });
});

describe('产品中心 infinite scroll', () => {
  let observers: ReturnType<typeof installIntersectionStandIn>;
  beforeEach(() => {
    observers = installIntersectionStandIn();
  });
  afterEach(() => observers.restore());

  it('asks for page 2 when the bottom comes into view, and stops after the last page', async () => {
    const first = Array.from({ length: 20 }, (_, index) => productOf({ id: index + 1, number: `MODEL_${index + 1}` }));
    const second = Array.from({ length: 5 }, (_, index) => productOf({ id: index + 21, number: `MODEL_${index + 21}` }));
    const server = productServer([first, second]);
    await openCenter();
    await screen.findByRole('article', { name: 'MODEL_20' });
    expect(screen.queryByRole('article', { name: 'MODEL_21' })).toBeNull();

    observers.reach();
    expect(await screen.findByRole('article', { name: 'MODEL_25' })).toBeTruthy();
    expect(queryCalls(server)[1]?.query).toEqual({ page: '2', pageSize: '20' });
    expect(screen.getByText('已加载全部 25 个产品')).toBeTruthy();

    observers.reach();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryCalls(server)).toHaveLength(2);
  });
});

describe('新增产品 side panel', () => {
  const openAdd = async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '新增产品' }));
    panel = await findDialog('新增产品');
    return { user, drawer: within(panel) };
  };
  let panel: HTMLElement;
  // inside the panel: the page's filter is labelled 产品类型 too
  const field = (label: string) => within(panel).getByLabelText(label);

  it('asks for every required field and sends nothing', async () => {
    const server = productServer();
    await openCenter();
    const { user, drawer } = await openAdd();

    await user.click(drawer.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(field('产品类型'))).toBe(MSG.productTypeRequired));
    expect(fieldErrorOf(field('产品型号'))).toBe(MSG.productNumberRequired);
    expect(fieldErrorOf(field('产品编号'))).toBe(MSG.productCodeRequired);
    expect(fieldErrorOf(field('数据格式'))).toBe(MSG.dataFormatRequired);
    expect(fieldErrorOf(field('产品描述'))).toBe(MSG.productDescriptionRequired);
    // no network by default: no communication field
    expect(within(panel).queryByLabelText('通信方式')).toBeNull();
    expect(server.calls(PRODUCT.productCreate)).toHaveLength(0);
  });

  it.each([
    ['abc', 'ab1', MSG.productNumberRule, MSG.productCodeRule],
    ['网关-01', '网关0001', MSG.productNumberRule, MSG.productCodeRule],
    ['   ', '    ', MSG.productNumberRequired, MSG.productCodeRequired],
  ])('refuses model %j and code %j with the shared rules', async (number, code, numberMessage, codeMessage) => {
    productServer();
    await openCenter();
    const { user, drawer } = await openAdd();

    await user.type(field('产品型号'), number);
    await user.type(field('产品编号'), code);
    await user.click(drawer.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(field('产品型号'))).toBe(numberMessage));
    expect(fieldErrorOf(field('产品编号'))).toBe(codeMessage);
  });

  it('limits model and code to 32 characters and the description to 200', async () => {
    productServer();
    await openCenter();
    await openAdd();
    expect(field('产品型号').getAttribute('maxlength')).toBe('32');
    expect(field('产品编号').getAttribute('maxlength')).toBe('32');
    expect(field('产品描述').getAttribute('maxlength')).toBe('200');
  });

  it('asks for the communication only with network, and does not offer noInternet', async () => {
    productServer();
    await openCenter();
    const { user, drawer } = await openAdd();

    await user.click(screen.getByRole('switch', { name: '网络支持' }));
    await user.click(drawer.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(field('通信方式'))).toBe(MSG.communicationRequired));

    await user.click(field('通信方式'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="2.4G"]')).toBeTruthy());
    expect(document.querySelector('.ant-select-item-option[title="不联网"]')).toBeNull();
  });

  it('adds a product without network (communicationId null), trimmed, then opens its property step', async () => {
    const server = productServer(undefined, undefined, answer(PRODUCT.productCreate, 42));
    const { router } = await openCenter();
    const { user, drawer } = await openAdd();

    await user.click(field('产品类型'));
    await chooseOption(user, '智能电表');
    await user.type(field('产品型号'), '  智能网关_V2 ');
    await user.type(field('产品编号'), ' GW_V2 ');
    await user.click(field('数据格式'));
    await chooseOption(user, '二进制');
    await user.type(field('产品描述'), ' 第二代网关 ');
    await user.click(drawer.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.productAdded)).toBeTruthy();
    const create = server.calls(PRODUCT.productCreate)[0];
    expect(create?.headers['Content-Type']).toBe('application/json');
    expect(create?.json).toEqual({
      productTypeId: 2,
      number: '智能网关_V2',
      code: 'GW_V2',
      connectInternet: false,
      communicationId: null,
      dataFormatId: 2,
      description: '第二代网关',
      inspectionLevel: 'II',
      aql: 1,
    });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/productPotion?id=42'));
  });

  it('sends the chosen communication of a networked product', async () => {
    const server = productServer(undefined, undefined, answer(PRODUCT.productCreate, 43));
    await openCenter();
    const { user, drawer } = await openAdd();

    await user.click(field('产品类型'));
    await chooseOption(user, '智能网关');
    await user.type(field('产品型号'), 'GW_NET_1');
    await user.type(field('产品编号'), 'GWNET1');
    await user.click(screen.getByRole('switch', { name: '网络支持' }));
    await user.click(field('通信方式'));
    await chooseOption(user, '三合一');
    await user.click(field('数据格式'));
    await chooseOption(user, 'JSON');
    await user.type(field('产品描述'), '联网网关');
    await user.click(drawer.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.productAdded)).toBeTruthy();
    const create = server.calls(PRODUCT.productCreate)[0];
    expect(create?.json).toMatchObject({ connectInternet: true, communicationId: 'THREE_2_ONE' });
  });

  it('offers the GB/T 2828.1 inspection levels and AQLs, II and 1.0 by default', async () => {
    productServer();
    await openCenter();
    const { user, drawer } = await openAdd();

    const levelInput = field('检验水平');
    const aqlInput = field('AQL');
    const level = levelInput.closest<HTMLElement>('.ant-form-item')!;
    const aql = aqlInput.closest<HTMLElement>('.ant-form-item')!;
    expect(within(level).getByText('一般检验水平 II')).toBeTruthy();
    expect(within(aql).getByText('1.0')).toBeTruthy();
    expect(drawer.getByText('抽检批次按 GB/T 2828.1 正常检验一次抽样方案')).toBeTruthy();

    await user.click(levelInput);
    const levels = async () => {
      let titles: (string | null)[] = [];
      await waitFor(() => {
        titles = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map(
          (option) => option.getAttribute('title'),
        );
        expect(titles.length).toBeGreaterThan(0);
      });
      return titles;
    };
    expect(await levels()).toEqual([
      '特殊检验水平 S-1',
      '特殊检验水平 S-2',
      '特殊检验水平 S-3',
      '特殊检验水平 S-4',
      '一般检验水平 I',
      '一般检验水平 II',
      '一般检验水平 III',
    ]);
    await chooseOption(user, '一般检验水平 II');
    await user.click(aqlInput);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="0.010"]')).toBeTruthy());
    const printed = ['0.010', '0.015', '0.025', '0.040', '0.065', '0.10', '0.15', '0.25', '0.40', '0.65', '1.0', '1.5', '2.5'];
    printed.push('4.0', '6.5', '10', '15', '25', '40', '65', '100', '150', '250', '400', '650', '1000');
    for (const title of printed) expect(document.querySelector(`.ant-select-item-option[title="${title}"]`), title).toBeTruthy();
  });

  it('sends the chosen inspection level and AQL', async () => {
    const server = productServer(undefined, undefined, answer(PRODUCT.productCreate, 44));
    await openCenter();
    const { user, drawer } = await openAdd();

    await user.click(field('产品类型'));
    await chooseOption(user, '智能网关');
    await user.type(field('产品型号'), 'GW_AQL_1');
    await user.type(field('产品编号'), 'GWAQL1');
    await user.click(field('数据格式'));
    await chooseOption(user, 'JSON');
    await user.type(field('产品描述'), '抽检网关');
    await user.click(field('检验水平'));
    await chooseOption(user, '特殊检验水平 S-3');
    await user.click(field('AQL'));
    await chooseOption(user, '2.5');
    await user.click(drawer.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.productAdded)).toBeTruthy();
    const create = server.calls(PRODUCT.productCreate)[0];
    expect(create?.json).toMatchObject({ number: 'GW_AQL_1', inspectionLevel: 'S-3', aql: 2.5 });
  });

  it('shows the server’s refusal and keeps the panel open', async () => {
    productServer(undefined, undefined, refuse(PRODUCT.productCreate, MSG.productCodeTaken));
    await openCenter();
    const { user, drawer } = await openAdd();

    await user.click(field('产品类型'));
    await chooseOption(user, '智能网关');
    await user.type(field('产品型号'), 'GW_TAKEN');
    await user.type(field('产品编号'), 'GW001');
    await user.click(field('数据格式'));
    await chooseOption(user, 'JSON');
    await user.type(field('产品描述'), '重复编号');
    await user.click(drawer.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.productCodeTaken)).toBeTruthy();
    expect(await findDialog('新增产品')).toBeTruthy();
  });
});
