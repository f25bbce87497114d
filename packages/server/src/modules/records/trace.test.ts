import { PATHS, RECORD_MSG, type TraceAnswer } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { recordsApi } from '../../../test/records-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';

describe.each(testDialects())('device trace on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );
  const { get } = api;
  const trace = async (text: string) => dataOf<TraceAnswer>(await get(PATHS.deviceTrace, t.admin, { text })).devices;
  const typeNameOf = async (productTypeId: number) =>
    (await api.db().selectFrom('product_type').select('name').where('id', '=', productTypeId).executeTakeFirstOrThrow()).name;

  it('finds a device by its code, SN or MAC, as typed or in small letters, with every result in time order', async () => {
    const task = await api.recordTask();
    const code = task.codes[0]!;
    const mac = `AA:BB:CC:${code.slice(0, 2)}:${code.slice(2, 4)}:01`;
    const failed = await api.result(task, 0, code, { end: '2025-07-01 08:00:00', values: [25, 'V1.2'], manual: [true, false] });
    const passed = await api.pass(task, 0, code, '2025-07-01 08:10:00');
    const second = await api.pass(task, 1, code, '2025-07-01 08:20:00', { seconds: 40, mac });
    const first = await api.terminalAt(task, 0);
    const next = await api.terminalAt(task, 1);
    const who = task.worker.userName;
    const expected = {
      code,
      sn: `SN${code}`,
      mac,
      imei: null,
      testStatus: 'PASS',
      taskId: task.taskId,
      taskStatus: 'START',
      productNumber: task.product.number,
      productTypeName: await typeNameOf(task.product.productTypeId),
      productionLineCode: await api.lineCodeOf(task.taskId),
      firstTestTime: '2025-07-01 08:00:00',
      lastTestTime: '2025-07-01 08:20:00',
      results: [
        {
          id: failed.resultId,
          flowName: '功能检测',
          flowSequence: 1,
          status: 'TEST_ERROR',
          attempt: 1,
          startTime: '2025-07-01 07:59:30',
          endTime: '2025-07-01 08:00:00',
          uname: who,
          terminalName: first.terminalName,
          terminalCode: first.terminalCode,
          items: [
            { name: '电压', value: '25', standard: '10 ~ 20', result: 0 },
            { name: '固件版本', value: 'V1.2', standard: 'V1.2', result: 1 },
          ],
          manual: [
            { name: '外观完好', pass: true },
            { name: '标签清晰', pass: false },
          ],
        },
        {
          id: passed.resultId,
          flowName: '功能检测',
          flowSequence: 1,
          status: 'TEST_SUCCESS',
          attempt: 2,
          startTime: '2025-07-01 08:09:30',
          endTime: '2025-07-01 08:10:00',
          uname: who,
          terminalName: first.terminalName,
          terminalCode: first.terminalCode,
          items: [
            { name: '电压', value: '15', standard: '10 ~ 20', result: 1 },
            { name: '固件版本', value: 'V1.2', standard: 'V1.2', result: 1 },
          ],
          manual: [
            { name: '外观完好', pass: true },
            { name: '标签清晰', pass: true },
          ],
        },
        {
          id: second.resultId,
          flowName: '联网检测',
          flowSequence: 2,
          status: 'TEST_SUCCESS',
          attempt: 1,
          startTime: '2025-07-01 08:19:20',
          endTime: '2025-07-01 08:20:00',
          uname: who,
          terminalName: next.terminalName,
          terminalCode: next.terminalCode,
          items: [{ name: '信号强度', value: '-50', standard: '-80 ~ -20', result: 1 }],
          manual: [{ name: '指示灯正常', pass: true }],
        },
      ],
    };
    for (const text of [code, code.toLowerCase(), ` ${code} `, `SN${code}`, mac, mac.toLowerCase()]) {
      expect(await trace(text)).toEqual([expected]);
    }
  });

  it('finds an SN on two tasks, most recently tested first, and matches whole values only', async () => {
    const older = await api.recordTask();
    const newer = await api.recordTask();
    const sn = `SN-SHARED-${older.codes[0]}`;
    await api.pass(older, 0, older.codes[0]!, '2025-07-02 08:00:00', { sn });
    await api.pass(newer, 0, newer.codes[1]!, '2025-07-03 08:00:00', { sn });
    const found = await trace(sn);
    expect(found.map((device) => [device.code, device.taskId, device.sn, device.lastTestTime])).toEqual([
      [newer.codes[1], newer.taskId, sn, '2025-07-03 08:00:00'],
      [older.codes[0], older.taskId, sn, '2025-07-02 08:00:00'],
    ]);
    expect(found.map((device) => device.results.length)).toEqual([1, 1]);
    expect(await trace(sn.slice(0, -1))).toEqual([]);
    expect(await trace(older.codes[0]!.slice(0, 6))).toEqual([]);
  });

  it('finds a device by the IMEI a 2.4G product binds', async () => {
    const flows = [{ name: '入网检测', bindMac: true, items: [], manualItems: ['指示灯正常'] }];
    const task = await api.recordTask({ flows, communicationId: '2.4G' });
    const imei = `86${String(task.taskId).padStart(13, '0')}`;
    await api.result(task, 0, task.codes[0]!, { end: '2025-07-04 08:00:00', values: [], manual: [true], imei });
    const [device] = await trace(imei);
    expect(device).toMatchObject({ code: task.codes[0], imei, mac: null, testStatus: 'PASS', lastTestTime: '2025-07-04 08:00:00' });
    expect(device!.results).toEqual([expect.objectContaining({ flowName: '入网检测', items: [], manual: [{ name: '指示灯正常', pass: true }] })]);
  });

  it('finds a device not tested yet by its code, with no times and no results', async () => {
    const task = await api.recordTask();
    expect(await trace(task.codes[3]!)).toEqual([
      {
        code: task.codes[3],
        sn: null,
        mac: null,
        imei: null,
        testStatus: null,
        taskId: task.taskId,
        taskStatus: 'UNSTART',
        productNumber: task.product.number,
        productTypeName: await typeNameOf(task.product.productTypeId),
        productionLineCode: await api.lineCodeOf(task.taskId),
        firstTestTime: null,
        lastTestTime: null,
        results: [],
      },
    ]);
  });

  it('answers no device for an unknown text and 400 for none', async () => {
    expect(await trace('NOTHING-LIKE-THIS')).toEqual([]);
    expectRefusal(await get(PATHS.deviceTrace, t.admin, { text: '   ' }), 400, RECORD_MSG.traceTextRequired);
    expectRefusal(await get(PATHS.deviceTrace, t.admin), 400, RECORD_MSG.traceTextRequired);
  });
});
