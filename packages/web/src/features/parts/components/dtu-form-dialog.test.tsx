import {
  ACCESSORY_MSG as M,
  DTU_ENDPOINTS as DTU,
  type Dtu,
  FILE_ENDPOINTS as FILE,
  FITTING_ENDPOINTS as FITTING,
  PATHS,
} from '@factory/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, installServer, refuse } from '../../../test/fake-server';
import { chooseOption, findDialog } from '../../../test/line-terminal-fixtures';
import { recordBodies } from '../../../test/request-bodies';
import { renderPage } from '../../../test/render-page';
import { COMMUNICATION_TYPES_ROUTE, dtuOf, errorOf, expectError, fileInputOf, fileOf, fittingOf, partsSession, png } from '../parts-fixtures';
import { DtuFormDialog } from './dtu-form-dialog';

/** The part page with no DTU yet; uploads answer /api/file/up1, up2 … in order; the new DTU is 21. */
function dtuServer(...more: FakeRoute[]) {
  let uploads = 0;
  return installServer(
    COMMUNICATION_TYPES_ROUTE,
    answer(FITTING.fittingDetail, fittingOf({ id: 5, partDesc: '网关DTU' })),
    answer(DTU.dtuList, { list: [], total: 0, pageSize: 0, pageNum: 1 }),
    answer(FILE.fileUpload, () => [`${PATHS.file}/up${(uploads += 1)}`]),
    answer(DTU.dtuAdd, 21),
    answer(DTU.dtuEdit, null),
    ...more,
  );
}

async function openAdd(user: UserEvent) {
  const page = await renderPage('/partsDetail?partsId=5&partsType=1');
  await user.click(await screen.findByRole('button', { name: '新增DTU' }));
  return { panel: await findDialog('新增DTU'), router: page.router };
}

const submit = (user: UserEvent, panel: HTMLElement) => user.click(within(panel).getByRole('button', { name: '确定' }));
const field = (panel: HTMLElement, label: string) => within(panel).getByLabelText(label) as HTMLInputElement;
async function retype(user: UserEvent, panel: HTMLElement, label: string, text: string) {
  if (field(panel, label).value !== '') await user.clear(field(panel, label));
  await user.click(field(panel, label));
  if (text) await user.paste(text);
}
async function choose(user: UserEvent, panel: HTMLElement, label: string, option: string) {
  await user.click(field(panel, label));
  await chooseOption(user, option);
}
const itemsOf = (panel: HTMLElement, label: string) =>
  panel.querySelector(`label[title="${label}"]`)!.closest('.ant-form-item')!.querySelectorAll('.ant-upload-list-item');

/** Fills what every DTU needs: texts and both pictures. */
async function fillRequired(user: UserEvent, panel: HTMLElement) {
  await retype(user, panel, 'DTU型号', 'HR300');
  await retype(user, panel, '模块型号', 'BLE_5100');
  await retype(user, panel, '模块供应商', '海容科技');
  await retype(user, panel, '供电电压', '5.0');
  await retype(user, panel, '波特率', '9600');
  await user.upload(fileInputOf(panel, 'DTU正面图片'), png('front.png'));
  await user.upload(fileInputOf(panel, 'DTU背面图片'), png('back.png'));
}

const uploadedNames = (bodies: Array<BodyInit | null | undefined>) =>
  bodies.filter((body): body is FormData => body instanceof FormData).map((form) => (form.get('files') as File).name);

// The page's chunk loads once, before the clock of the first test starts.
beforeAll(() => import('../pages/parts-detail-page'), 30_000);
beforeEach(() => useSession.getState().signIn(partsSession([])));

// Each test fills a long form through antd's controls: on a loaded machine that outlasts the default 20 s.
const LONG_FORM = { timeout: 45_000 };

describe('新增DTU panel', LONG_FORM, () => {
  it('asks for every required field, and shows no method without network', async () => {
    const user = userEvent.setup();
    const server = dtuServer();
    const { panel } = await openAdd(user);

    expect(within(panel).queryByLabelText('通信方式')).toBeNull();
    expect(within(panel).queryByLabelText('通信方式描述')).toBeNull();
    await submit(user, panel);
    await expectError(panel, 'DTU型号', M.dtuTypeRequired);
    const expected: Array<[string, string]> = [
      ['模块型号', M.modelTypeRequired],
      ['模块供应商', M.productCompanyRequired],
      ['供电电压', M.standardVoltageRequired],
      ['波特率', M.bandRateRequired],
      ['固件版本号', ''],
      ['DTU正面图片', M.frontImageRequired],
      ['DTU背面图片', M.backImageRequired],
    ];
    expect(expected.map(([label]) => [label, errorOf(panel, label)])).toEqual(expected);
    expect(server.calls(FILE.fileUpload)).toHaveLength(0);
    expect(server.calls(DTU.dtuAdd)).toHaveLength(0);
  });

  it('checks each field with the message of the shared rules', async () => {
    const user = userEvent.setup();
    dtuServer();
    const { panel } = await openAdd(user);

    const cases: Array<[string, string, string]> = [
      ['DTU型号', 'HR-1', M.dtuTypeRule],
      ['DTU型号', 'A'.repeat(33), M.dtuTypeTooLong],
      ['模块型号', 'ab', M.modelTypeRule],
      ['模块型号', 'BLE-5100', M.modelTypeRule],
      ['模块供应商', '海容-科技', M.productCompanyRule],
      ['模块供应商', '海'.repeat(65), M.productCompanyTooLong],
      ['供电电压', '5V', M.standardVoltageRule],
      ['波特率', 'abc', M.bandRateNumber],
      ['波特率', '0', M.bandRatePositive],
    ];
    for (const [label, text, message] of cases) {
      await retype(user, panel, label, text);
      await expectError(panel, label, message);
    }
    await retype(user, panel, '波特率', '9600');
    await expectError(panel, '波特率', '');
  });

  it('asks for the method with network, and for 其他 a description in letters and digits', async () => {
    const user = userEvent.setup();
    dtuServer();
    const { panel } = await openAdd(user);

    await user.click(within(panel).getByRole('switch', { name: '网络支持' }));
    expect(field(panel, '通信方式')).toBeTruthy();
    await submit(user, panel);
    await expectError(panel, '通信方式', M.communicationTypeRequired);

    await choose(user, panel, '通信方式', '其他');
    await expectError(panel, '通信方式', '');
    await submit(user, panel);
    await expectError(panel, '通信方式描述', M.communicationTypeDescRequired);
    await retype(user, panel, '通信方式描述', '自研-协议');
    await expectError(panel, '通信方式描述', M.communicationTypeDescRule);
  });

  it('forgets the method and its description once hidden, so they come back empty', async () => {
    const user = userEvent.setup();
    dtuServer();
    const { panel } = await openAdd(user);
    const chosenMethod = () =>
      panel.querySelector('label[title="通信方式"]')?.closest('.ant-form-item')?.querySelector('.ant-select-content-has-value')?.textContent ?? null;

    await user.click(within(panel).getByRole('switch', { name: '网络支持' }));
    await choose(user, panel, '通信方式', '其他');
    await retype(user, panel, '通信方式描述', '自研协议');
    await choose(user, panel, '通信方式', '蓝牙');
    await waitFor(() => expect(within(panel).queryByLabelText('通信方式描述')).toBeNull());
    await choose(user, panel, '通信方式', '其他');
    expect(field(panel, '通信方式描述').value).toBe('');

    expect(chosenMethod()).toBe('其他');
    await user.click(within(panel).getByRole('switch', { name: '网络支持' }));
    await waitFor(() => expect(within(panel).queryByLabelText('通信方式')).toBeNull());
    expect(within(panel).queryByLabelText('通信方式描述')).toBeNull();
    await user.click(within(panel).getByRole('switch', { name: '网络支持' }));
    expect(field(panel, '通信方式')).toBeTruthy();
    expect(chosenMethod()).toBeNull();
    expect(within(panel).queryByLabelText('通信方式描述')).toBeNull();
  });

  it('needs the firmware version once a firmware file is chosen, and takes one file per slot', async () => {
    const user = userEvent.setup();
    dtuServer();
    const { panel } = await openAdd(user);

    await user.upload(fileInputOf(panel, '测试固件'), fileOf('fw.bin'));
    await waitFor(() => expect(itemsOf(panel, '测试固件')).toHaveLength(1));
    await submit(user, panel);
    await expectError(panel, '固件版本号', M.firmwareVersionRequired);
    await retype(user, panel, '固件版本号', 'v 1.0');
    await expectError(panel, '固件版本号', M.firmwareVersionRule);

    await user.upload(fileInputOf(panel, '测试固件'), fileOf('fw2.bin'));
    expect(await screen.findByText(M.fileOnlyOne)).toBeTruthy();
    expect(itemsOf(panel, '测试固件')).toHaveLength(1);

    await retype(user, panel, '固件版本号', '');
    await expectError(panel, '固件版本号', M.firmwareVersionRequired);
    const firmware = panel.querySelector('label[title="测试固件"]')!.closest<HTMLElement>('.ant-form-item')!;
    await user.click(within(firmware).getByRole('button', { name: /删除|delete/i }));
    await expectError(panel, '固件版本号', '');
  });

  it('uploads each chosen file, posts the URLs as JSON, and goes to the new DTU’s properties', async () => {
    const user = userEvent.setup();
    const server = dtuServer();
    const { panel, router } = await openAdd(user);
    await fillRequired(user, panel);
    await user.click(within(panel).getByRole('switch', { name: '网络支持' }));
    await choose(user, panel, '通信方式', '蓝牙');
    await user.upload(fileInputOf(panel, 'BOM清单'), fileOf('bom.xlsx'));
    await user.upload(fileInputOf(panel, '测试固件'), fileOf('fw.bin'));
    await retype(user, panel, '固件版本号', '1.0.2');
    const bodies = recordBodies();
    await submit(user, panel);

    expect(await screen.findByText(M.dtuAdded)).toBeTruthy();
    expect(uploadedNames(bodies)).toEqual(['fw.bin', 'bom.xlsx', 'front.png', 'back.png']);
    expect(server.calls(DTU.dtuAdd)[0]?.json).toEqual({
      fittingId: 5,
      dtuType: 'HR300',
      modelType: 'BLE_5100',
      productCompany: '海容科技',
      standardVoltage: '5.0',
      bandRate: 9600,
      connectInternet: true,
      communicationType: 'bluetooth',
      communicationTypeDesc: '',
      testFirmwareVersion: '1.0.2',
      testFirmwareUrl: `${PATHS.file}/up1`,
      productFileUrl: null,
      bomListFileUrl: `${PATHS.file}/up2`,
      otherRequestFileUrl: null,
      frontImageUrl: `${PATHS.file}/up3`,
      backImageUrl: `${PATHS.file}/up4`,
    });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/partsPotion?dtuId=21&partsId=5&partsType=1&communicationType=bluetooth',
      ),
    );
  });

  it('sends no method and an empty description when the network is switched off again', async () => {
    const user = userEvent.setup();
    const server = dtuServer();
    const { panel, router } = await openAdd(user);
    await fillRequired(user, panel);
    await user.click(within(panel).getByRole('switch', { name: '网络支持' }));
    await choose(user, panel, '通信方式', '其他');
    await retype(user, panel, '通信方式描述', '自研协议');
    await user.click(within(panel).getByRole('switch', { name: '网络支持' }));
    await submit(user, panel);

    expect(await screen.findByText(M.dtuAdded)).toBeTruthy();
    expect(server.calls(DTU.dtuAdd)[0]?.json).toMatchObject({ connectInternet: false, communicationType: null, communicationTypeDesc: '' });
    await waitFor(() => expect(router.state.location.search).toBe('?dtuId=21&partsId=5&partsType=1&communicationType='));
  });

  it('clears a file whose upload failed and shows the server’s message, adding nothing', async () => {
    const user = userEvent.setup();
    const server = dtuServer(refuse(FILE.fileUpload, '文件存储暂不可用'));
    const { panel } = await openAdd(user);
    await fillRequired(user, panel);
    await submit(user, panel);

    expect(await screen.findByText('文件存储暂不可用')).toBeTruthy();
    await waitFor(() => expect(itemsOf(panel, 'DTU正面图片')).toHaveLength(0));
    expect(server.calls(DTU.dtuAdd)).toHaveLength(0);
    expect(screen.queryByText(M.dtuAdded)).toBeNull();
  });
});

describe('编辑DTU panel', LONG_FORM, () => {
  const stored = dtuOf({ id: 11, dtuType: 'HR100', communicationType: 'other', communicationTypeDesc: '自研协议' });

  function renderEdit(dtu: Dtu) {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(
      <Providers>
        <DtuFormDialog open fittingId={5} dtu={dtu} onClose={onClose} onSaved={onSaved} />
      </Providers>,
    );
    return { onSaved, onClose };
  }

  it('starts from the DTU, keeps its stored files, and posts the edit with its id', async () => {
    const user = userEvent.setup();
    const server = dtuServer();
    const { onSaved, onClose } = renderEdit(stored);
    const panel = await findDialog('编辑DTU');
    await waitFor(() => expect(field(panel, 'DTU型号').value).toBe('HR100'));

    expect(((await within(panel).findByLabelText('通信方式描述')) as HTMLInputElement).value).toBe('自研协议');
    expect(field(panel, '固件版本号').value).toBe('1.0.0');
    expect(within(panel).getByRole('link', { name: 'BOM.xlsx' }).getAttribute('href')).toBe(`${PATHS.file}/bom11`);
    expect(within(panel).getByRole('link', { name: 'fw.bin' }).getAttribute('href')).toBe(`${PATHS.file}/fw11`);
    expect(within(panel).getByRole('img', { name: 'DTU正面图片' }).getAttribute('src')).toBe(`${PATHS.file}/front11`);

    await retype(user, panel, 'DTU型号', 'HR101');
    await submit(user, panel);

    expect(await screen.findByText(M.dtuEdited)).toBeTruthy();
    expect(server.calls(FILE.fileUpload)).toHaveLength(0);
    expect(server.calls(DTU.dtuEdit)[0]?.json).toEqual({
      id: 11,
      fittingId: 5,
      dtuType: 'HR101',
      modelType: 'BLE_5100',
      productCompany: '海容科技',
      standardVoltage: '5.0',
      bandRate: 9600,
      connectInternet: true,
      communicationType: 'other',
      communicationTypeDesc: '自研协议',
      testFirmwareVersion: '1.0.0',
      testFirmwareUrl: `${PATHS.file}/fw11`,
      productFileUrl: `${PATHS.file}/pf11`,
      bomListFileUrl: `${PATHS.file}/bom11`,
      otherRequestFileUrl: null,
      frontImageUrl: `${PATHS.file}/front11`,
      backImageUrl: `${PATHS.file}/back11`,
    });
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith(11, 'other');
  });

  it('uploads only the file that replaces a stored one', async () => {
    const user = userEvent.setup();
    const server = dtuServer();
    renderEdit(stored);
    const panel = await findDialog('编辑DTU');
    await waitFor(() => expect(itemsOf(panel, 'BOM清单')).toHaveLength(1));

    const bom = panel.querySelector('label[title="BOM清单"]')!.closest<HTMLElement>('.ant-form-item')!;
    await user.click(within(bom).getByRole('button', { name: /删除|delete/i }));
    await user.upload(fileInputOf(panel, 'BOM清单'), fileOf('bom-v2.xlsx'));
    const bodies = recordBodies();
    await submit(user, panel);

    expect(await screen.findByText(M.dtuEdited)).toBeTruthy();
    expect(uploadedNames(bodies)).toEqual(['bom-v2.xlsx']);
    expect(server.calls(DTU.dtuEdit)[0]?.json).toMatchObject({ bomListFileUrl: `${PATHS.file}/up1`, productFileUrl: `${PATHS.file}/pf11` });
  });
});
