import {
  type Flow,
  FLOW_ENDPOINTS as FLOW,
  FLOW_MSG,
  type FlowItem,
  MSG,
  PATHS,
  PRODUCT_ENDPOINTS as PRODUCT,
  PROPERTY_ENDPOINTS as PROPERTY,
} from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../lib/session-store';
import { answer, installServer } from '../../../../test/fake-server';
import { findDialog } from '../../../../test/line-terminal-fixtures';
import { flowOf, LOOKUP_ROUTES, productOf, productSession, propertyOf } from '../../../../test/product-fixtures';
import { flowDetailOf, flowItemOf, SETUP_LOOKUP_ROUTES } from '../../../../test/product-setup-fixtures';
import { recordBodies } from '../../../../test/request-bodies';
import { renderPage } from '../../../../test/render-page';

configure({ asyncUtilTimeout: 5000 });

const properties = [
  propertyOf({ id: 11, name: '电压', code: 'voltage', dataTypeId: 'float', min: 0, max: 5, unitName: 'V' }),
  propertyOf({ id: 12, name: '开关', code: 'switch', dataTypeId: 'boolean', min: null, max: null, trueValue: '开', falseValue: '关' }),
  propertyOf({ id: 13, name: '档位', code: 'gear', dataTypeId: 'enum', min: null, max: null, enumerates: { 0: '低', 1: '高' } }),
  propertyOf({ id: 14, name: '型号', code: 'model', dataTypeId: 'string', min: null, max: null, length: 4 }),
];

const firstFlow = flowOf({ id: 101, order: 1, name: '上电检测', nextId: 102 });
const secondFlow = flowOf({ id: 102, order: 2, name: '通信检测', preId: 101, prevId: 101 });

/** The product, its two flows and its properties; `detail` answers the edit panel; the saves succeed. */
function serve({ communicationId = '2.4G', detail }: { communicationId?: string; detail?: ReturnType<typeof flowDetailOf> } = {}) {
  return installServer(
    ...LOOKUP_ROUTES,
    ...SETUP_LOOKUP_ROUTES,
    answer(PRODUCT.productDetail, productOf({ id: 1, communicationId })),
    answer(FLOW.flowList, [firstFlow, secondFlow]),
    ...(detail ? [answer(FLOW.flowDetail, detail)] : []),
    answer(PROPERTY.propertyList, { list: properties, total: properties.length, pageSize: 0, pageNum: 1 }),
    answer(FLOW.flowAdd, 103),
    answer(FLOW.flowEdit, null),
  );
}

type Panel = ReturnType<typeof within>;

async function openAdd(user: UserEvent): Promise<Panel> {
  await user.click(await screen.findByRole('button', { name: '新增流程' }));
  return within(await findDialog('新增流程'));
}

/** The message under a checked item, found by the item's name. */
const itemError = (panel: Panel, name: string) =>
  panel.getByText(name, { selector: '.check-items__checked label span' }).closest('li')?.querySelector('.ant-form-item-explain-error')
    ?.textContent ?? '';
const expectItemError = (panel: Panel, name: string, message: string) =>
  waitFor(() => expect(itemError(panel, name)).toBe(message));
const listError = (panel: Panel, label: string) =>
  panel.getByText(label, { selector: 'label' }).closest('.ant-form-item')?.querySelector('.ant-form-list-item-error, .ant-form-item-explain-error')
    ?.textContent ?? '';
const check = async (user: UserEvent, panel: Panel, name: string) =>
  user.click(within(panel.getByRole('list', { name: '未选检测项' })).getByRole('checkbox', { name }));
const submit = (user: UserEvent, panel: Panel) => user.click(panel.getByRole('button', { name: '确定' }));
const pdf = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const fileInput = (panel: Panel) => panel.getByText('上传指导书').closest('.ant-upload')!.querySelector('input[type="file"]') as HTMLInputElement;

function multipartOf(bodies: Array<BodyInit | null | undefined>) {
  const form = bodies.find((body): body is FormData => body instanceof FormData)!;
  return { params: JSON.parse(String(form.get('productFlowParams'))) as Record<string, unknown>, pdf: form.get('pdf') };
}

beforeEach(() => useSession.getState().signIn(productSession(['set'])));

describe('flow side panel', () => {
  it('checks the name and each kind of standard value with the shared messages', async () => {
    const user = userEvent.setup();
    const server = serve();
    await renderPage('/productFlow?id=1');
    const panel = await openAdd(user);
    await waitFor(() => expect(panel.getByRole('list', { name: '未选检测项' })).toBeTruthy());
    expect(server.calls(PROPERTY.propertyList)[0]?.query).toMatchObject({ productId: '1', pageSize: '0' });
    expect(panel.getByText('已选 0/4')).toBeTruthy();

    await submit(user, panel);
    await waitFor(() => expect(panel.getByText(MSG.flowNameRequired)).toBeTruthy());
    await user.type(panel.getByPlaceholderText('请输入流程名称'), 'a');
    await waitFor(() => expect(panel.getByText(MSG.flowNameRule)).toBeTruthy());

    await check(user, panel, '电压');
    await check(user, panel, '开关');
    await check(user, panel, '档位');
    await check(user, panel, '型号');
    expect(panel.getByText('已选 4/4')).toBeTruthy();
    await submit(user, panel);
    await expectItemError(panel, '电压', FLOW_MSG.itemEmpty('电压'));
    await expectItemError(panel, '开关', FLOW_MSG.itemChoose('开关'));
    await expectItemError(panel, '档位', FLOW_MSG.itemAtLeastOne('档位'));
    await expectItemError(panel, '型号', FLOW_MSG.itemEmpty('型号'));

  });

  it('checks a numeric value and range, and the manual rows', async () => {
    const user = userEvent.setup();
    serve();
    await renderPage('/productFlow?id=1');
    const panel = await openAdd(user);
    await waitFor(() => expect(panel.getByRole('list', { name: '未选检测项' })).toBeTruthy());
    await check(user, panel, '电压');

    const voltage = panel.getByLabelText('电压标准值');
    expect(voltage.getAttribute('placeholder')).toBe('0~5');
    await user.type(voltage, '9');
    await expectItemError(panel, '电压', FLOW_MSG.itemOutOfRange('电压', 0, 5));
    await user.clear(voltage);
    await user.type(voltage, '1.');
    await expectItemError(panel, '电压', FLOW_MSG.itemNotNumber('电压'));
    await user.click(panel.getByRole('button', { name: '切换为区间' }));
    await user.clear(panel.getByLabelText('电压最小值'));
    await user.type(panel.getByLabelText('电压最小值'), '3');
    await expectItemError(panel, '电压', FLOW_MSG.itemEmpty('电压'));
    await user.type(panel.getByLabelText('电压最大值'), '1');
    await expectItemError(panel, '电压', FLOW_MSG.itemRangeOrder('电压'));
    await user.click(panel.getByRole('button', { name: '切换为数值' }));
    expect(panel.queryByLabelText('电压最大值')).toBeNull();

    await user.click(panel.getByRole('button', { name: /添加手动检测项/ }));
    await submit(user, panel);
    await waitFor(() => expect(listError(panel, '手动检测项')).toBe(FLOW_MSG.manualEmpty(1)));
    await user.type(panel.getByLabelText('手动检测项1'), '外');
    await submit(user, panel);
    await waitFor(() => expect(listError(panel, '手动检测项')).toBe(FLOW_MSG.manualTooShort(1)));
    await user.click(panel.getByRole('button', { name: '删除手动检测项1' }));
    await submit(user, panel);
    await waitFor(() => expect(listError(panel, '手动检测项')).toBe(''));
  });

  it('offers the scan codes by communication and adds a flow as multipart', async () => {
    const user = userEvent.setup();
    const server = serve({ communicationId: '2.4G' });
    const bodies = recordBodies();
    await renderPage('/productFlow?id=1');
    const panel = await openAdd(user);
    await waitFor(() => expect(panel.getByRole('list', { name: '未选检测项' })).toBeTruthy());

    const production = panel.getByRole('checkbox', { name: '生产码' }) as HTMLInputElement;
    const imei = panel.getByRole('checkbox', { name: 'IMEI' }) as HTMLInputElement;
    const sn = panel.getByRole('checkbox', { name: 'SN码' }) as HTMLInputElement;
    expect([production.checked, production.disabled]).toEqual([true, true]);
    expect([imei.checked, imei.disabled]).toEqual([false, false]);
    expect([sn.checked, sn.disabled]).toEqual([true, true]);
    expect(panel.queryByRole('checkbox', { name: 'MAC' })).toBeNull();

    await user.type(panel.getByPlaceholderText('请输入流程名称'), '整机检测');
    await check(user, panel, '开关');
    await check(user, panel, '档位');
    await user.click(panel.getByRole('radio', { name: '关（0）' }));
    await user.click(panel.getByRole('checkbox', { name: '高' }));
    await user.click(panel.getByRole('button', { name: /添加手动检测项/ }));
    await user.type(panel.getByLabelText('手动检测项1'), '外观检查');
    await user.click(imei);
    await user.upload(fileInput(panel), pdf('指导书.pdf'));
    expect(panel.getByText('指导书.pdf')).toBeTruthy();
    await submit(user, panel);

    expect(await screen.findByText(MSG.flowAdded)).toBeTruthy();
    expect(server.calls(FLOW.flowAdd)).toHaveLength(1);
    const { params, pdf: part } = multipartOf(bodies);
    expect(params).toEqual({
      productId: 1,
      name: '整机检测',
      bindMac: true,
      flowType: 'OVERALL_CHECK',
      preId: 102,
      manualItems: ['外观检查'],
      items: [
        { id: 12, intervalNumber: 0, normalValue: '', normalValueMax: '', normalStr: '', normalBoolean: 0, normalEnums: [] },
        { id: 13, intervalNumber: 0, normalValue: '', normalValueMax: '', normalStr: '', normalBoolean: null, normalEnums: ['1'] },
      ],
    });
    expect((part as File).name).toBe('指导书.pdf');
  });

  it('offers MAC to other products', async () => {
    const user = userEvent.setup();
    serve({ communicationId: 'WIFI' });
    await renderPage('/productFlow?id=1');
    const panel = await openAdd(user);
    expect(await panel.findByRole('checkbox', { name: 'MAC' })).toBeTruthy();
    expect(panel.queryByRole('checkbox', { name: 'IMEI' })).toBeNull();
  });

  it('edits a DTU check with its saved values and PDF, one PDF at a time under 8M', async () => {
    const user = userEvent.setup();
    const voltageItem: FlowItem = flowItemOf({
      id: 11,
      name: '电压',
      dataTypeId: 'float',
      min: 0,
      max: 5,
      intervalNumber: 1,
      normalValue: '1',
      normalValueMax: '4',
    });
    const saved: Flow = {
      ...secondFlow,
      flowType: 'DTU_CHECK',
      bindMac: false,
      pdfFileName: '旧指导书.pdf',
      pdfDownloadUrl: `${PATHS.file}/abc`,
      items: [voltageItem],
      manualItems: [{ id: 1, manualValue: '外观检查' }],
    };
    const server = serve({ detail: flowDetailOf(saved, [flowItemOf({ id: 14, name: '型号', dataTypeId: 'string', length: 4 })]) });
    const bodies = recordBodies();
    await renderPage('/productFlow?id=1');
    await user.click(within(await screen.findByRole('button', { name: /^流程2 / })).getByRole('button', { name: '编辑' }));
    const panel = within(await findDialog('编辑流程'));

    expect(((await panel.findByLabelText('电压最小值')) as HTMLInputElement).value).toBe('1');
    expect((panel.getByLabelText('电压最大值') as HTMLInputElement).value).toBe('4');
    expect((panel.getByLabelText('手动检测项1') as HTMLInputElement).value).toBe('外观检查');
    expect(within(panel.getByRole('list', { name: '未选检测项' })).getByText('型号')).toBeTruthy();
    expect((panel.getByRole('checkbox', { name: 'IMEI' }) as HTMLInputElement).disabled).toBe(true);
    expect(panel.queryByRole('checkbox', { name: 'SN码' })).toBeNull();
    expect(panel.getByText('旧指导书.pdf')).toBeTruthy();

    await user.upload(fileInput(panel), pdf('新指导书.pdf'));
    expect(await screen.findByText(MSG.flowPdfOnlyOne)).toBeTruthy();
    await user.click(panel.getByRole('button', { name: /删除文件|delete/i }));
    await user.upload(fileInput(panel), pdf('太大.pdf', 8 * 1024 * 1024 + 1));
    expect(await screen.findByText(MSG.flowPdfTooLarge)).toBeTruthy();
    expect(panel.queryByText('太大.pdf')).toBeNull();

    await user.clear(panel.getByPlaceholderText('请输入流程名称'));
    await user.type(panel.getByPlaceholderText('请输入流程名称'), '通信复测');
    await submit(user, panel);
    expect(await screen.findByText(MSG.flowEdited)).toBeTruthy();
    expect(server.calls(FLOW.flowDetail)[0]?.query).toEqual({ productId: '1', flowId: '102' });
    const { params, pdf: part } = multipartOf(bodies);
    expect(params).toMatchObject({
      id: 102,
      productId: 1,
      name: '通信复测',
      flowType: 'DTU_CHECK',
      bindMac: false,
      removePdf: true,
      manualItems: ['外观检查'],
      items: [{ id: 11, intervalNumber: 1, normalValue: '1', normalValueMax: '4' }],
    });
    expect(params).not.toHaveProperty('preId');
    expect(part).toBeNull();
  });
});

