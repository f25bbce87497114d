import { type FlowCheckDetail, type FlowHistoryEntry, MSG, type Page, PATHS, RECORD_MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { recordsApi } from '../../../test/records-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';

describe.each(testDialects())('flow check detail and history on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );
  const { get } = api;
  const checkDetail = async (id: number) => dataOf<FlowCheckDetail>(await get(PATHS.flowCheckDetail, t.admin, { id }));
  const history = async (query: Record<string, string | number>) => dataOf<Page<FlowHistoryEntry>>(await get(PATHS.flowHistoryList, t.admin, query));

  describe('check detail', () => {
    it('shows each auto-check row (property, normal value, value, result) and manual row as judged, with tester, terminal and counts', async () => {
      const task = await api.recordTask();
      const code = task.codes[0]!;
      const failed = await api.result(task, 0, code, { end: '2025-04-10 14:20:00', seconds: 75, values: [25, 'V1.2'], manual: [true, false] });
      const retest = await api.pass(task, 0, code, '2025-04-10 15:00:00');
      const terminal = await api.terminalAt(task, 0);
      const common = {
        deviceId: code,
        taskId: task.taskId,
        flowName: '功能检测',
        flowTopoId: task.flowIds[0],
        uname: task.worker.userName,
        terminalName: terminal.terminalName,
        terminalCode: terminal.terminalCode,
        // the device's results at the flow now, whichever one is shown
        historyCount: 2,
      };

      expect(await checkDetail(failed.resultId)).toEqual({
        id: failed.resultId,
        ...common,
        startTime: '2025-04-10 14:18:45',
        endTime: '2025-04-10 14:20:00',
        status: 'TEST_ERROR',
        attempt: 1,
        autoCheckResult: {
          checkResults: [
            { propertyName: '电压', normalValue: '10 ~ 20', value: '25', result: 0 },
            { propertyName: '固件版本', normalValue: 'V1.2', value: 'V1.2', result: 1 },
          ],
        },
        manualCheckResult: {
          manualReportValues: [
            { manualValue: '外观完好', result: 1 },
            { manualValue: '标签清晰', result: 0 },
          ],
        },
      });
      expect(await checkDetail(retest.resultId)).toEqual({
        id: retest.resultId,
        ...common,
        startTime: '2025-04-10 14:59:30',
        endTime: '2025-04-10 15:00:00',
        status: 'TEST_SUCCESS',
        attempt: 2,
        autoCheckResult: {
          checkResults: [
            { propertyName: '电压', normalValue: '10 ~ 20', value: '15', result: 1 },
            { propertyName: '固件版本', normalValue: 'V1.2', value: 'V1.2', result: 1 },
          ],
        },
        manualCheckResult: {
          manualReportValues: [
            { manualValue: '外观完好', result: 1 },
            { manualValue: '标签清晰', result: 1 },
          ],
        },
      });
    });

    it('shows a value the station did not send as null, failed, and the second flow with its own items', async () => {
      const task = await api.recordTask();
      const code = task.codes[1]!;
      await api.pass(task, 0, code, '2025-04-11 09:00:00');
      const missing = await api.result(task, 1, code, { end: '2025-04-11 09:10:00', values: [undefined], manual: [true], mac: 'AA:00:00:00:00:09' });
      const detail = await checkDetail(missing.resultId);
      expect(detail.flowName).toBe('联网检测');
      expect(detail.flowTopoId).toBe(task.flowIds[1]);
      expect(detail.status).toBe('TEST_ERROR');
      expect(detail.historyCount).toBe(1);
      expect(detail.autoCheckResult).toEqual({ checkResults: [{ propertyName: '信号强度', normalValue: '-80 ~ -20', value: null, result: 0 }] });
      expect(detail.manualCheckResult).toEqual({ manualReportValues: [{ manualValue: '指示灯正常', result: 1 }] });
    });

    it('keeps the terminal of a result empty once the terminal is gone, and the tester by name', async () => {
      const task = await api.recordTask();
      const verdict = await api.pass(task, 0, task.codes[0]!, '2025-04-12 08:00:00');
      await api.db().deleteFrom('station_session').where('terminalId', '=', api.stationAt(task, 0).terminalId).execute();
      await api.db().deleteFrom('terminal').where('id', '=', api.stationAt(task, 0).terminalId).execute();
      const detail = await checkDetail(verdict.resultId);
      expect({ terminalName: detail.terminalName, terminalCode: detail.terminalCode, uname: detail.uname }).toEqual({
        terminalName: null,
        terminalCode: null,
        uname: task.worker.userName,
      });
    });

    it('answers 404 for an unknown result and 400 for no id', async () => {
      expectRefusal(await get(PATHS.flowCheckDetail, t.admin, { id: 987654 }), 404, RECORD_MSG.resultMissing);
      expectRefusal(await get(PATHS.flowCheckDetail, t.admin), 400, MSG.idRequired);
    });
  });

  describe('history', () => {
    it('pages the device’s results at one flow newest first, five a page unless told', async () => {
      const task = await api.recordTask();
      const code = task.codes[2]!;
      const results = [];
      // Six failures a minute apart, then a pass.
      for (let n = 0; n < 6; n++) {
        results.push(await api.result(task, 0, code, { end: `2025-05-01 10:0${n}:00`, values: [n, 'V1.2'], manual: [true, true] }));
      }
      results.push(await api.pass(task, 0, code, '2025-05-01 10:06:00'));
      // Each took 30 s.
      const starts = ['09:59:30', '10:00:30', '10:01:30', '10:02:30', '10:03:30', '10:04:30', '10:05:30'];
      const entries = results.map((verdict, index) => ({
        id: verdict.resultId,
        startTime: `2025-05-01 ${starts[index]}`,
        uname: task.worker.userName,
        status: index === 6 ? 'TEST_SUCCESS' : 'TEST_ERROR',
        attempt: index + 1,
      }));
      const newestFirst = [...entries].reverse();
      const query = { flowTopoId: task.flowIds[0]!, deviceId: code };

      expect(await history(query)).toEqual({ list: newestFirst.slice(0, 5), total: 7, pageSize: 5, pageNum: 1 });
      expect(await history({ ...query, page: 2 })).toEqual({ list: newestFirst.slice(5), total: 7, pageSize: 5, pageNum: 2 });
      expect(await history({ ...query, page: 1, pageSize: 10 })).toEqual({ list: newestFirst, total: 7, pageSize: 10, pageNum: 1 });
      expect(await history({ ...query, page: 3 })).toEqual({ list: [], total: 7, pageSize: 5, pageNum: 3 });
      // The second flow: nothing yet, though the device has a record.
      expect(await history({ flowTopoId: task.flowIds[1]!, deviceId: code })).toEqual({ list: [], total: 0, pageSize: 5, pageNum: 1 });
      // Another device's results at the flow are not this one's.
      await api.pass(task, 0, task.codes[3]!, '2025-05-01 11:00:00');
      expect((await history(query)).total).toBe(7);
    });

    it('answers 404 for an unknown device, an untested one, and a flow of another task', async () => {
      const task = await api.recordTask();
      const other = await api.recordTask();
      await api.pass(task, 0, task.codes[0]!, '2025-05-02 10:00:00');
      const refuse = async (query: Record<string, string | number>) =>
        expectRefusal(await get(PATHS.flowHistoryList, t.admin, query), 404, RECORD_MSG.recordMissing);
      await refuse({ flowTopoId: task.flowIds[0]!, deviceId: 'NOSUCHCODE' });
      await refuse({ flowTopoId: task.flowIds[0]!, deviceId: task.codes[1]! });
      await refuse({ flowTopoId: other.flowIds[0]!, deviceId: task.codes[0]! });
      expectRefusal(await get(PATHS.flowHistoryList, t.admin, { deviceId: task.codes[0]! }), 400, MSG.idRequired);
      expectRefusal(await get(PATHS.flowHistoryList, t.admin, { flowTopoId: task.flowIds[0]!, deviceId: '  ' }), 400, RECORD_MSG.recordMissing);
      const noDevice = await get(PATHS.flowHistoryList, t.admin, { flowTopoId: task.flowIds[0]! });
      expect({ status: noDevice.statusCode, code: noDevice.json<{ code: number }>().code }).toEqual({ status: 400, code: 0 });
    });
  });
});
