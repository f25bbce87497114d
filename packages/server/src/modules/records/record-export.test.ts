import { MSG, PATHS, RECORD_MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { recordsApi } from '../../../test/records-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { downloadName, sheetRows, XLSX_TYPE } from '../../../test/xlsx-answers.js';
import { expectRefusal } from '../../../test/answers.js';

describe.each(testDialects())('production record export on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );
  const { get } = api;

  it('writes the device’s fields, then one row per result in time order with each check', async () => {
    const task = await api.recordTask();
    const code = task.codes[0]!;
    // A failure, a retest failing another item, a pass, then the second flow failing on a value never sent.
    await api.result(task, 0, code, { end: '2025-06-01 09:00:00', seconds: 60, values: [25, 'V1.2'], manual: [true, false] });
    await api.result(task, 0, code, { end: '2025-06-01 09:05:00', values: [15, 'V1.3'], manual: [true, true] });
    await api.pass(task, 0, code, '2025-06-01 09:10:00');
    await api.result(task, 1, code, { end: '2025-06-01 09:20:00', seconds: 20, values: [undefined], manual: [true], mac: 'AA:BB:CC:DD:EE:01' });
    const typeName = (
      await api.db().selectFrom('product_type').select('name').where('id', '=', task.product.productTypeId).executeTakeFirstOrThrow()
    ).name;
    const first = await api.terminalAt(task, 0);
    const second = await api.terminalAt(task, 1);
    const who = task.worker.userName;

    const response = await get(PATHS.recordExport, t.admin, { id: code });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(downloadName(response)).toBe(`${task.product.number}_生产记录_${code}.xlsx`);

    const flow1 = ['功能检测', 1];
    const flow2 = ['联网检测', 2];
    const at1 = [who, first.terminalName, first.terminalCode];
    const at2 = [who, second.terminalName, second.terminalCode];
    expect(await sheetRows(response.rawPayload)).toEqual([
      ['生产码', code],
      ['任务编号', task.taskId],
      ['产品型号', task.product.number],
      ['产品类型', typeName],
      ['产线编号', await api.lineCodeOf(task.taskId)],
      ['SN', `SN${code}`],
      ['MAC', 'AA:BB:CC:DD:EE:01'],
      ['IMEI'],
      ['检测状态', '不合格'],
      ['首次检测时间', '2025-06-01 09:00:00'],
      ['最近检测时间', '2025-06-01 09:20:00'],
      [],
      [
        '流程',
        '流程序号',
        '检测次数',
        '检测结果',
        '检测人',
        '终端名称',
        '终端编号',
        '开始时间',
        '结束时间',
        '电压 检测值',
        '电压 标准值',
        '电压 结果',
        '固件版本 检测值',
        '固件版本 标准值',
        '固件版本 结果',
        '信号强度 检测值',
        '信号强度 标准值',
        '信号强度 结果',
        '外观完好（人工）',
        '标签清晰（人工）',
        '指示灯正常（人工）',
      ],
      [...flow1, 1, '不合格', ...at1, '2025-06-01 08:59:00', '2025-06-01 09:00:00', '25', '10 ~ 20', '不合格', 'V1.2', 'V1.2', '合格', null, null, null, '合格', '不合格'],
      [...flow1, 2, '不合格', ...at1, '2025-06-01 09:04:30', '2025-06-01 09:05:00', '15', '10 ~ 20', '合格', 'V1.3', 'V1.2', '不合格', null, null, null, '合格', '合格'],
      [...flow1, 3, '合格', ...at1, '2025-06-01 09:09:30', '2025-06-01 09:10:00', '15', '10 ~ 20', '合格', 'V1.2', 'V1.2', '合格', null, null, null, '合格', '合格'],
      // 信号强度 was not sent: no value, judged failed
      [...flow2, 1, '不合格', ...at2, '2025-06-01 09:19:40', '2025-06-01 09:20:00', null, null, null, null, null, null, null, '-80 ~ -20', '不合格', null, null, '合格'],
    ]);
  });

  it('orders the results by their start time, and shows a device still testing as 检测中', async () => {
    const task = await api.recordTask();
    const code = task.codes[1]!;
    // The retest reports a start before the first result's (a station's clock set wrong).
    await api.result(task, 0, code, { end: '2025-06-02 10:00:00', values: [25, 'V1.2'], manual: [true, true] });
    await api.result(task, 0, code, { end: '2025-06-02 09:00:00', values: [15, 'V1.2'], manual: [true, true] });
    const rows = await sheetRows((await get(PATHS.recordExport, t.admin, { id: code })).rawPayload);
    expect(rows[8]).toEqual(['检测状态', '检测中']);
    expect(rows[9]).toEqual(['首次检测时间', '2025-06-02 09:00:00']);
    expect(rows.slice(13).map((row) => [row[2], row[3], row[7]])).toEqual([
      [2, '合格', '2025-06-02 08:59:30'],
      [1, '不合格', '2025-06-02 09:59:30'],
    ]);
  });

  it('answers 404 as the envelope for an unknown code and a device with no result', async () => {
    const task = await api.recordTask();
    expectRefusal(await get(PATHS.recordExport, t.admin, { id: 'NOSUCHCODE' }), 404, RECORD_MSG.recordMissing);
    expectRefusal(await get(PATHS.recordExport, t.admin, { id: task.codes[0]! }), 404, RECORD_MSG.recordMissing);
    expectRefusal(await get(PATHS.recordExport, 'not-a-token', { id: task.codes[0]! }), 401, MSG.sessionExpired);
  });
});
