// Test data of the device trace (imported by its *.test.tsx only).
import { type DeviceTrace, MENUS } from '@factory/contracts';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** A session holding 产线检测 (url) or only another page. */
export function traceSession(url: string = MENUS.productionCenter, name = '产线检测') {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name, url, level: 2 }),
  ]);
}

type TraceResult = DeviceTrace['results'][number];

export function traceResultOf(fields: Partial<TraceResult> & Pick<TraceResult, 'id' | 'flowName'>): TraceResult {
  return {
    flowSequence: 1,
    status: 'TEST_SUCCESS',
    attempt: 1,
    startTime: '2026-03-02 09:00:00',
    endTime: '2026-03-02 09:00:40',
    uname: 'worker_wang',
    terminalName: '一号工位',
    terminalCode: 'PAD001',
    items: [],
    manual: [],
    ...fields,
  };
}

export function deviceTraceOf(fields: Partial<DeviceTrace> & Pick<DeviceTrace, 'code'>): DeviceTrace {
  return {
    sn: `SN-${fields.code}`,
    mac: null,
    imei: null,
    testStatus: 'PASS',
    taskId: 8,
    taskStatus: 'START',
    productNumber: 'GW_100',
    productTypeName: '智能网关',
    productionLineCode: 'ZZ_01',
    firstTestTime: '2026-03-02 09:00:00',
    lastTestTime: '2026-03-02 09:30:00',
    results: [],
    ...fields,
  };
}
