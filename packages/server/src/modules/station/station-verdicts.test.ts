import { randomUUID } from 'node:crypto';
import { STATION_MSG, type StationResultBody } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductWithFlows, type FlowSpec } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

type ItemName = '整数范围' | '整数单值' | '浮点单值' | '双精度范围' | '开关' | '关闭态' | '版本' | '档位';

/** The items of the flow under test, by the name each gets. */
const ITEMS: (NonNullable<FlowSpec['items']>[number] & { name: ItemName })[] = [
  { name: '整数范围', dataTypeId: 'int', intervalNumber: 1, normalValue: '10', normalValueMax: '20' },
  { name: '整数单值', dataTypeId: 'int', intervalNumber: 0, normalValue: '5' },
  { name: '浮点单值', dataTypeId: 'float', min: -10, max: 10, intervalNumber: 0, normalValue: '3.3' },
  { name: '双精度范围', dataTypeId: 'double', min: -10, max: 10, intervalNumber: 1, normalValue: '-1.5', normalValueMax: '2.5' },
  { name: '开关', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', normalBoolean: 1 },
  { name: '关闭态', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', normalBoolean: 0 },
  { name: '版本', dataTypeId: 'string', length: 4, normalStr: 'OK-1' },
  { name: '档位', dataTypeId: 'enum', enumerates: { '0': '低', '1': '中', '2': '高' }, normalEnums: ['1'] },
];

/** [item, value sent, value recorded, result] */
const CASES: [ItemName, unknown, string | null, 0 | 1][] = [
  ['整数范围', 10, '10', 1],
  ['整数范围', 20, '20', 1],
  ['整数范围', 9, '9', 0],
  ['整数范围', 21, '21', 0],
  ['整数范围', '15', '15', 1],
  ['整数范围', ' 15 ', '15', 1],
  ['整数范围', 15.5, '15.5', 0],
  ['整数范围', 'abc', 'abc', 0],
  ['整数范围', true, 'true', 0],
  ['整数单值', 5, '5', 1],
  ['整数单值', 6, '6', 0],
  ['整数单值', 4, '4', 0],
  ['浮点单值', 3.3, '3.3', 1],
  ['浮点单值', '3.30', '3.30', 1],
  ['浮点单值', 3.31, '3.31', 0],
  ['双精度范围', -1.5, '-1.5', 1],
  ['双精度范围', 2.5, '2.5', 1],
  ['双精度范围', -1.51, '-1.51', 0],
  ['双精度范围', 2.51, '2.51', 0],
  ['开关', true, 'true', 1],
  ['开关', 1, '1', 1],
  ['开关', '1', '1', 1],
  ['开关', '开', '开', 1],
  ['开关', false, 'false', 0],
  ['开关', 0, '0', 0],
  ['开关', '关', '关', 0],
  ['开关', 'maybe', 'maybe', 0],
  ['关闭态', '关', '关', 1],
  ['关闭态', 0, '0', 1],
  ['关闭态', '开', '开', 0],
  ['版本', 'OK-1', 'OK-1', 1],
  ['版本', 'OK-2', 'OK-2', 0],
  ['版本', 'ok-1', 'ok-1', 0],
  ['版本', 'OK-1X', 'OK-1X', 0],
  ['版本', true, 'true', 0],
  ['档位', '1', '1', 1],
  ['档位', 1, '1', 1],
  ['档位', '中', '中', 1],
  ['档位', '高', '高', 0],
  ['档位', '2', '2', 0],
  ['档位', '9', '9', 0],
  ['档位', null, null, 0],
  ['档位', '', null, 0],
];

describe.each(testDialects())('server verdicts on %s', (dialect) => {
  const t = withTestApp(dialect);
  let task: RunningTask;
  let itemId: Map<string, number>;
  let manualIds: number[];
  beforeAll(async () => {
    const product = await createProductWithFlows(api.db(), [{ name: '全类型', items: ITEMS, manualItems: ['外观', '标签'] }]);
    task = await runningTask({ product, count: 2 });
    const items = await api.db().selectFrom('task_flow_item').select(['id', 'name']).where('taskFlowId', '=', task.flowIds[0]!).execute();
    itemId = new Map(items.map((item) => [item.name, item.id]));
    manualIds = (await api.itemIdsOf(task.flowIds[0]!)).manual;
  });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { runningTask, submit, verdict } = api;

  const PASSING: Record<ItemName, unknown> = {
    整数范围: 15,
    整数单值: 5,
    浮点单值: 3.3,
    双精度范围: 0,
    开关: '开',
    关闭态: false,
    版本: 'OK-1',
    档位: '中',
  };
  function body(values: Partial<Record<ItemName, unknown>>, manual: (boolean | undefined)[] = [true, true]): StationResultBody {
    const now = Date.now();
    return {
      clientResultId: randomUUID(),
      productionCode: task.codes[0]!,
      sn: 'SN-VERDICT',
      startTime: now - 1000,
      endTime: now,
      autoValues: Object.entries(values).map(([name, value]) => ({ itemId: itemId.get(name)!, value })),
      manualResults: manual.flatMap((pass, index) => (pass === undefined ? [] : [{ itemId: manualIds[index]!, pass }])),
    };
  }
  const token = () => task.stations[0]!.token;

  it.each(CASES)('%s: %j → recorded %j, result %i', async (name, value, recorded, result) => {
    const answer = await verdict(token(), body({ ...PASSING, [name]: value }));
    const judged = answer.items.find((item) => item.itemId === itemId.get(name));
    expect(judged).toMatchObject({ name, value: recorded, result });
    expect(answer.status).toBe(result === 1 ? 'TEST_SUCCESS' : 'TEST_ERROR');
  });

  it('passes when every item and every manual check passes, and copies each standard', async () => {
    const answer = await verdict(token(), body(PASSING));
    expect(answer.status).toBe('TEST_SUCCESS');
    expect(answer.items.map((item) => [item.name, item.standard])).toEqual([
      ['整数范围', '10 ~ 20'],
      ['整数单值', '5'],
      ['浮点单值', '3.3'],
      ['双精度范围', '-1.5 ~ 2.5'],
      ['开关', '开'],
      ['关闭态', '关'],
      ['版本', 'OK-1'],
      ['档位', '中'],
    ]);
    expect(answer.manual).toEqual([
      { itemId: manualIds[0], name: '外观', pass: true },
      { itemId: manualIds[1], name: '标签', pass: true },
    ]);
  });

  it('fails a missing value and a missing or failed manual check', async () => {
    const { 档位: _, ...withoutEnum } = PASSING;
    const missing = await verdict(token(), body(withoutEnum));
    expect(missing.status).toBe('TEST_ERROR');
    expect(missing.items.find((item) => item.name === '档位')).toMatchObject({ value: null, result: 0 });
    const unticked = await verdict(token(), body(PASSING, [true, undefined]));
    expect(unticked.status).toBe('TEST_ERROR');
    expect(unticked.manual[1]).toMatchObject({ name: '标签', pass: false });
    const failed = await verdict(token(), body(PASSING, [false, true]));
    expect(failed.manual[0]).toMatchObject({ name: '外观', pass: false });
    expect(failed.status).toBe('TEST_ERROR');
  });

  it('takes manual passes as 1/0 and text', async () => {
    const answer = await verdict(token(), {
      ...body(PASSING, []),
      manualResults: [
        { itemId: manualIds[0]!, pass: 1 },
        { itemId: manualIds[1]!, pass: 'true' },
      ],
    });
    expect(answer.status).toBe('TEST_SUCCESS');
  });

  it('refuses a value that is no value at all and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await api
            .db()
            .selectFrom('flow_result')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('taskId', '=', task.taskId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expectRefusal(await submit(token(), body({ ...PASSING, 开关: { on: true } })), 400, STATION_MSG.valueInvalid('开关'));
    expectRefusal(await submit(token(), body({ ...PASSING, 版本: ['OK-1'] })), 400, STATION_MSG.valueInvalid('版本'));
    expect(await count()).toBe(before);
  });
});
