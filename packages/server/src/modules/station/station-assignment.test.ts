import { PATHS, STATION_MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createLine, createProductWithFlows, createTerminal, uploadStoredFile } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { createWorker, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('station assignment on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { db, assignment, runningTask, signIn, terminalCodeOf } = api;

  const celsius = async () => (await db().selectFrom('unit').select('id').where('name', '=', '摄氏度(℃)').executeTakeFirstOrThrow()).id;

  it('is null for a terminal on no task', async () => {
    const pad = await createTerminal(db(), { lineId: await createLine(db()) });
    const { token } = await signIn(await terminalCodeOf(pad), await createWorker(t.app));
    expect(await assignment(token)).toBeNull();
  });

  it('gives a PAD on a flow its task, flow, scan codes, items with their standard, manual items and PDF', async () => {
    const pdf = await uploadStoredFile(t.app, t.admin, '作业指导书.pdf', Buffer.from('%PDF-1.4 test'));
    const product = await createProductWithFlows(
      db(),
      [
        { name: '外观', items: [{ name: '重量', dataTypeId: 'int' }], manualItems: ['无划痕'] },
        {
          name: '通电',
          bindMac: true,
          pdfFileId: pdf.id,
          manualItems: ['指示灯亮', '无异响'],
          items: [
            {
              name: '温度',
              dataTypeId: 'float',
              min: -40,
              max: 120,
              unitId: await celsius(),
              intervalNumber: 1,
              normalValue: '10.5',
              normalValueMax: '20',
            },
            { name: '联网', dataTypeId: 'boolean', trueValue: '在线', falseValue: '离线', normalBoolean: 1 },
            { name: '档位', dataTypeId: 'enum', enumerates: { '0': '低', '1': '中', '2': '高' }, normalEnums: ['1', '2'] },
            { name: '型号', dataTypeId: 'string', length: 8, normalStr: 'AB-12' },
          ],
        },
      ],
      { communicationId: 'WIFI' },
    );
    const task = await runningTask({ product, count: 4 });
    const second = task.stations.find((station) => station.flowId === task.flowIds[1])!;
    const answer = await assignment(second.token);
    const { items, manual } = await api.itemIdsOf(task.flowIds[1]!);
    expect(answer).toEqual({
      taskId: task.taskId,
      taskStatus: 'UNSTART',
      productNumber: product.number,
      productionCount: 4,
      finishNumber: 0,
      flowId: task.flowIds[1],
      flowName: '通电',
      flowOrder: 2,
      flowCount: 2,
      scanCodes: ['生产码', 'SN码', 'MAC'],
      items: [
        expect.objectContaining({
          id: items[0],
          name: '温度',
          dataTypeId: 'float',
          unitName: '摄氏度(℃)',
          min: -40,
          max: 120,
          standard: '10.5 ~ 20 摄氏度(℃)',
        }),
        expect.objectContaining({
          id: items[1],
          name: '联网',
          dataTypeId: 'boolean',
          trueValue: '在线',
          normalBoolean: 1,
          standard: '在线',
        }),
        expect.objectContaining({
          id: items[2],
          name: '档位',
          enumerates: { '0': '低', '1': '中', '2': '高' },
          normalEnums: ['1', '2'],
          standard: '中 / 高',
        }),
        expect.objectContaining({ id: items[3], name: '型号', length: 8, normalStr: 'AB-12', standard: 'AB-12' }),
      ],
      manualItems: [
        { id: manual[0], name: '指示灯亮' },
        { id: manual[1], name: '无异响' },
      ],
      pdfDownloadUrl: pdf.url,
    });
    const first = await assignment(task.stations[0]!.token);
    expect(first).toMatchObject({ flowName: '外观', flowOrder: 1, scanCodes: ['生产码', 'SN码'], pdfDownloadUrl: null });
  });

  it('asks for IMEI instead of MAC where the product communicates by 2.4G or 三合一, and only the code at a DTU check', async () => {
    for (const communicationId of ['2.4G', 'THREE_2_ONE']) {
      const product = await createProductWithFlows(db(), [{ bindMac: true }], { communicationId });
      const task = await runningTask({ product });
      expect((await assignment(task.stations[0]!.token))?.scanCodes).toEqual(['生产码', 'SN码', 'IMEI']);
    }
    const dtu = await createProductWithFlows(db(), [{ flowType: 'DTU_CHECK' }], { communicationId: 'WIFI' });
    const task = await runningTask({ product: dtu });
    expect((await assignment(task.stations[0]!.token))?.scanCodes).toEqual(['生产码']);
  });

  it('reads the task snapshot, not the product edited since', async () => {
    const product = await createProductWithFlows(db(), [{ name: '原名', items: [{ name: '电压', dataTypeId: 'int', normalValue: '5' }] }]);
    const task = await runningTask({ product });
    await db().updateTable('product_flow').set({ name: '改名' }).where('id', '=', product.flowIds[0]!).execute();
    await db().updateTable('flow_item').set({ normalValue: '9' }).where('flowId', '=', product.flowIds[0]!).execute();
    const answer = await assignment(task.stations[0]!.token);
    expect(answer).toMatchObject({ flowName: '原名', items: [expect.objectContaining({ normalValue: '5', standard: '5' })] });
  });

  it('is null once the task finished and freed the terminal, and a result is then refused', async () => {
    const task = await runningTask();
    api.ok(await api.post(PATHS.taskStart, t.admin, { id: task.taskId }));
    api.ok(await api.post(PATHS.taskFinish, t.admin, { id: task.taskId }));
    const station = task.stations[0]!;
    expect(await assignment(station.token)).toBeNull();
    expectRefusal(await api.submit(station.token, await api.resultBody(station.flowId, task.codes[0]!)), 409, STATION_MSG.notAssigned);
  });

  describe('the last task of an idle terminal (why it is idle)', () => {
    const lastTask = async (token: string) => api.ok<unknown>(await api.get(PATHS.stationLastTask, token));

    it('is null for a terminal that never reported a result', async () => {
      const task = await runningTask();
      expect(await lastTask(task.stations[0]!.token)).toBeNull();
    });

    it('names the task of the terminal’s latest result, running and then finished', async () => {
      const earlier = await runningTask({ flows: 1 });
      const task = await runningTask({ flows: 1 });
      const station = task.stations[0]!;
      await api.verdict(station.token, await api.resultBody(station.flowId, task.codes[0]!));
      expect(await lastTask(station.token)).toEqual({
        taskId: task.taskId,
        productNumber: task.product.number,
        status: 'START',
        flowName: '流程1',
        finishTime: null,
      });
      // Another terminal's results are not this one's.
      await api.verdict(earlier.stations[0]!.token, await api.resultBody(earlier.stations[0]!.flowId, earlier.codes[0]!));
      expect(await lastTask(station.token)).toMatchObject({ taskId: task.taskId });

      api.ok(await api.post(PATHS.taskFinish, t.admin, { id: task.taskId }));
      expect(await assignment(station.token)).toBeNull();
      expect(await lastTask(station.token)).toEqual({
        taskId: task.taskId,
        productNumber: task.product.number,
        status: 'FINISH',
        flowName: '流程1',
        finishTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });
    });

    it('refuses a caller without a station session', async () => {
      expect((await api.get(PATHS.stationLastTask, t.admin)).statusCode).toBe(401);
      expect((await api.get(PATHS.stationLastTask, null)).statusCode).toBe(401);
    });
  });
});
