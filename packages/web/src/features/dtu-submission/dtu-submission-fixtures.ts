// Test data of the submission, sampling and report pages (imported by their *.test.tsx only).
import {
  type Answer,
  type BatchDetailItem,
  type CheckConfig,
  type Dtu,
  DTU_SUBMISSION_ENDPOINTS as SUBMISSION,
  DTU_TASK_ENDPOINTS as TASK,
  type DtuTask,
  LINE_ENDPOINTS as LINE,
  PATHS,
  REPORT_ORGANISATION,
  type ReportDetail,
  type SamplingBatch,
  type SubmitRecord,
} from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { answer, type FakeRequest, type FakeRoute, installServer } from '../../test/fake-server';

/** DTU 9 of part 5: a networked THREE_2_ONE model (units told apart by IMEI). */
export function dtuOf(fields: Partial<Dtu> = {}): Dtu {
  return {
    id: 9,
    fittingId: 5,
    fittingType: 1,
    communicationPartId: null,
    dtuType: 'HR-DTU01',
    modelType: 'EC200U_CN',
    productCompany: '移远通信',
    standardVoltage: '12',
    bandRate: 115200,
    connectInternet: true,
    communicationType: 'THREE_2_ONE',
    communicationTypeDesc: '海容三合一',
    testFirmwareVersion: '1.0.0',
    testFirmwareUrl: null,
    testFirmwareFileName: null,
    productFileUrl: null,
    productFileOriginName: null,
    bomListFileUrl: null,
    bomListOriginName: null,
    otherRequestFileUrl: null,
    otherRequestFileOriginName: null,
    frontImageUrl: `${PATHS.file}/front9`,
    backImageUrl: `${PATHS.file}/back9`,
    status: 1,
    createTime: '2026-03-01 09:00:00',
    ...fields,
  };
}

/** Task 31 of that DTU on 配件一线 for 总装二线, in production: 120 of 1000 passed. */
export function taskOf(fields: Partial<DtuTask> = {}): DtuTask {
  const detail = fields.detail ?? dtuOf();
  return {
    id: 31,
    dtuId: detail.id,
    fittingType: '三月批次',
    reworkTask: false,
    productLineId: 2,
    productionLineName: '配件一线',
    aimProductLineId: 3,
    aimProductLineName: '总装二线',
    testFirmwareVersion: '1.2.0',
    testFirmwareDownloadUrl: null,
    testFirmwareOriginName: null,
    pads: [{ id: 11, name: 'PAD-01', code: 'P01' }],
    serialPads: [],
    finishNumber: 120,
    testedNumber: 130,
    productionNumber: 1000,
    expireTime: '2026-03-31 23:59:59',
    status: 'START',
    duplicateEnable: false,
    needExcel: false,
    excelOriginName: null,
    excelRowCount: 0,
    excelUsedCount: 0,
    canCheck: true,
    canEditFirmware: true,
    communicationType: detail.communicationType,
    bandRate: detail.bandRate,
    createTime: '2026-03-01 10:00:00',
    startTime: '2026-03-02 08:00:00',
    finishTime: null,
    creatorName: 'admin',
    detail,
    ...fields,
  };
}

export function submitRecordOf(fields: Partial<SubmitRecord> & Pick<SubmitRecord, 'id'>): SubmitRecord {
  return {
    batchNo: `31-${String(fields.id).padStart(3, '0')}`,
    submitNumber: 48,
    passNumber: 46,
    submitTime: '2026-03-03 10:00:00',
    uname: '质检 李四',
    verdict: null,
    ...fields,
  };
}

export function batchUnitOf(fields: Partial<BatchDetailItem> & Pick<BatchDetailItem, 'id'>): BatchDetailItem {
  return {
    imei: `86000000000000${fields.id}`,
    mac: `AA:BB:CC:00:00:0${fields.id}`,
    endTime: '2026-03-02 09:01:05',
    testStatus: 'PASS',
    uname: 'tester_wang',
    ...fields,
  };
}

export function samplingBatchOf(fields: Partial<SamplingBatch> & Pick<SamplingBatch, 'id'>): SamplingBatch {
  return {
    batchId: `31-${String(fields.id).padStart(3, '0')}`,
    submitNumber: 48,
    checkCount: 0,
    submitTime: '2026-03-03 10:00:00',
    checkPerson: null,
    sampleSize: 8,
    acceptNumber: 0,
    rejectNumber: 1,
    defectCount: 0,
    verdict: 'PENDING',
    ...fields,
  };
}

/** Sampling on 配件二线 (4) with PAD-21, 5 a batch at II / 1.0; the latest batch of 48 proposes D: n 13, Ac 0, Re 1 (Table 2-A's ↓). */
export function checkConfigOf(fields: Partial<CheckConfig> = {}): CheckConfig {
  return {
    productLineId: 4,
    productLineName: '配件二线',
    productionNumber: 5,
    pads: [{ id: 21, name: 'PAD-21', code: 'P21' }],
    inspectionLevel: 'II',
    aql: 1,
    canCheck: true,
    proposal: { batchId: 3, lotSize: 48, codeLetter: 'D', sampleSize: 13, acceptNumber: 0, rejectNumber: 1 },
    ...fields,
  };
}

export const LINES: Answer<typeof LINE.productionLineOptions> = [
  { id: 2, lineName: '配件一线', lineNum: 'PJ_01' },
  { id: 4, lineName: '配件二线', lineNum: 'PJ_02' },
];

type PadOption = Answer<typeof TASK.dtuTaskPadList>[number];
/**
 * Line 4 has PAD-21 (bound to this task's sampling, so the list names the task), PAD-22
 * free and PAD-23 busy with 四月批次; line 2 has the task's own production PAD-01.
 */
export const PADS_BY_LINE: Record<number, PadOption[]> = {
  2: [{ id: 11, name: 'PAD-01', code: 'P01', busyWith: '三月批次' }],
  4: [
    { id: 21, name: 'PAD-21', code: 'P21', busyWith: '三月批次' },
    { id: 22, name: 'PAD-22', code: 'P22', busyWith: '' },
    { id: 23, name: 'PAD-23', code: 'P23', busyWith: '四月批次' },
  ],
};
const padsOf = (request: FakeRequest) => PADS_BY_LINE[Number(request.query.lineId)] ?? [];

/** A server for /checkTask of task 31. */
export function checkTaskServer(config: CheckConfig = checkConfigOf(), batches: SamplingBatch[] = [], ...more: FakeRoute[]) {
  return installServer(
    answer(TASK.dtuTaskDetail, taskOf()),
    answer(SUBMISSION.dtuTaskCheckinfoCheckDetail, config),
    answer(SUBMISSION.dtuTaskCheckinfoGroupList, { list: batches, total: batches.length, pageSize: 10, pageNum: 1 }),
    answer(LINE.productionLineOptions, LINES),
    answer(TASK.dtuTaskPadList, padsOf),
    answer(SUBMISSION.checkTaskBind, null),
    answer(SUBMISSION.checkTaskUnbind, null),
    ...more,
  );
}

/** Batch 3 (31-003) of 48 units, sampled 5 of 8 with one defect, against Ac 0 / Re 1: rejected. */
export function reportOf(fields: Partial<ReportDetail> = {}): ReportDetail {
  return {
    batchId: 3,
    batchNo: '31-003',
    taskId: 31,
    taskName: '三月批次',
    taskStatus: 'START',
    submitNumber: 48,
    checkCount: 5,
    organisation: REPORT_ORGANISATION,
    checkPerson: '质检 王五',
    verifyPerson: '质检 李四',
    submitTime: '2026-03-03 10:00:00',
    reportTime: '2026-03-05 16:30:00',
    dtuType: 'HR-DTU01',
    modelType: 'EC200U_CN',
    productCompany: '移远通信',
    standardVoltage: '12',
    bandRate: 115200,
    communicationTypeDesc: '海容三合一',
    frontImageUrl: `${PATHS.file}/front9`,
    backImageUrl: null,
    gprsImageUrl: null,
    excelUrl: '/api/dtuTask/reportExport?batchId=3',
    deviceListUrl: '/api/dtuTask/submitRecordExport?batchId=3',
    sampleSize: 8,
    acceptNumber: 0,
    rejectNumber: 1,
    defectCount: 1,
    verdict: 'REJECT',
    batchRecords: [
      {
        imei: '860000000000001',
        mac: 'AA:BB:CC:00:00:01',
        blueToothMac: 'AA:BB:CC:10:00:01',
        serialCommunication: null,
        version: '1.2.0',
        serviceVerify: true,
        testStatus: 'PASS',
      },
      { imei: '860000000000002', mac: '', blueToothMac: '', serialCommunication: false, version: '', serviceVerify: false, testStatus: 'NOT_PASS' },
    ],
    batchRecordsComplete: true,
    categories: [
      {
        categoryName: '外观',
        props: [
          {
            property: '外壳',
            checkStandard: '无划痕',
            checkTool: '目测',
            result: false,
            samples: [
              { actValue: '无划痕', mac: '860000000000001', result: true },
              { actValue: '划痕', mac: '860000000000002', result: false },
              { actValue: '-', mac: '-', result: null },
              { actValue: '-', mac: '-', result: null },
              { actValue: '-', mac: '-', result: null },
            ],
          },
          {
            property: '标签',
            checkStandard: '清晰',
            checkTool: '目测',
            result: false,
            samples: Array.from({ length: 5 }, () => ({ actValue: '-', mac: '-', result: null })),
          },
        ],
      },
      {
        categoryName: '电气',
        props: [
          {
            property: '待机电流',
            checkStandard: '≤ 50mA',
            checkTool: '万用表',
            result: true,
            samples: [
              { actValue: '32mA', mac: '860000000000001', result: true },
              { actValue: '35mA', mac: '860000000000002', result: true },
              { actValue: '-', mac: '-', result: null },
              { actValue: '-', mac: '-', result: null },
              { actValue: '-', mac: '-', result: null },
            ],
          },
        ],
      },
    ],
    ...fields,
  };
}

/** The address of the page under test now. */
export const addressOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

/** The table row holding a cell with exactly this text. */
export function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => [...candidate.querySelectorAll('td')].some((cell) => cell.textContent === text));
  if (!row) throw new Error(`no row of ${text}`);
  return row;
}

/** The texts of a row's cells. */
export const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

/** The open antd confirmation titled 提示 that asks `question`. */
export async function findPrompt(question: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
      (dialog) =>
        dialog.querySelector('.ant-modal-confirm-title')?.textContent === '提示' &&
        dialog.querySelector('.ant-modal-confirm-content')?.textContent === question,
    );
    expect(found).toBeTruthy();
  });
  return found!;
}

/** A text shown by antd's message (success, warning or error). */
export const findNotice = (text: string) => screen.findByText(text, { selector: '.ant-message *' });

/** The value of a Descriptions item labelled `label` within `region`. */
export const fieldOf = (region: HTMLElement, label: string) =>
  [...region.querySelectorAll('.ant-descriptions-item-label')].find((item) => item.textContent === label)?.nextElementSibling?.textContent;

/** The card titled `title`. */
export const cardOf = (title: string) => screen.getByText(title, { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card')!;

/** Picks an option of the open antd Select by its text, in the dropdown open now. */
export async function choose(user: UserEvent, title: string): Promise<void> {
  let option: HTMLElement | undefined;
  await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter(
      (dropdown) => !dropdown.classList.contains('ant-select-dropdown-hidden') && !/-leave\b/.test(dropdown.className),
    );
    option = open.flatMap((dropdown) => [...dropdown.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`)]).at(-1);
    expect(option).toBeTruthy();
  });
  await user.click(option!);
}

/**
 * A download answered as the server sends it: an attachment. The shared stand-in models
 * text answers only, so fetches of `path` are answered here; every other call goes on
 * to the fake server. `refusal` answers the JSON envelope of a refusal instead.
 */
export function fileServer(path: string, fileName: string, refusal?: string) {
  const standIn = globalThis.fetch;
  const asked: Array<{ url: string; authorization: string | undefined }> = [];
  globalThis.fetch = (input, init) => {
    if (!String(input).startsWith(path)) return standIn(input, init);
    asked.push({ url: String(input), authorization: (init?.headers as Record<string, string>).Authorization });
    if (refusal) return Promise.resolve(new Response(JSON.stringify({ code: 0, data: null, errorMsg: refusal }), { status: 404 }));
    return Promise.resolve(
      new Response('xlsx', { headers: { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}` } }),
    );
  };
  return asked;
}
