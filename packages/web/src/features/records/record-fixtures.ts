// Test data of the records pages (imported by their *.test.tsx only).
import { type FlowCheckDetail, type FlowHistoryEntry, MENUS, type ProductionRecord, type RecordDetail, type TaskDetail } from '@factory/contracts';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** A session holding 产线检测 under 生产中心 (the records pages need that menu). */
export function recordSession(menus: Array<{ id: number; name: string; url: string }> = [{ id: 2, name: '产线检测', url: MENUS.productionCenter }]) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    ...menus.map((menu) => sessionMenu({ ...menu, pId: 1, level: 2 })),
  ]);
}

type RecordFlow = ProductionRecord['flows'][number];
type FlowResult = NonNullable<RecordFlow['runtimeTaskResultEntity']>;

export function flowResultOf(fields: Partial<FlowResult> & Pick<FlowResult, 'id'>): FlowResult {
  return {
    startTime: '2026-03-02 09:00:00',
    endTime: '2026-03-02 09:00:42',
    speed: 42,
    status: 'TEST_SUCCESS',
    historyCount: 1,
    ...fields,
  };
}

export function recordFlowOf(
  fields: Partial<RecordFlow> & Pick<RecordFlow, 'id' | 'sequence'>,
): RecordFlow {
  return { name: `流程${fields.sequence}`, runtimeTaskResultEntity: null, ...fields };
}

export function recordOf(fields: Partial<ProductionRecord> & Pick<ProductionRecord, 'id'>): ProductionRecord {
  return {
    taskId: 8,
    deviceSn: `SN-${fields.id}`,
    deviceMac: `AA:BB:CC:00:00:${fields.id.slice(-2)}`,
    deviceImei: null,
    createTime: '2026-03-02 09:00:00',
    lastTestTime: '2026-03-02 09:10:00',
    testStatus: 'PASS',
    productionLineCode: 'ZZ_01,ZZ_02',
    flows: [],
    ...fields,
  };
}

export function recordDetailOf(fields: Partial<RecordDetail> & Pick<RecordDetail, 'id'>): RecordDetail {
  return { productNumber: 'GW_100', productTypeName: '智能网关', taskStatus: 'START', ...recordOf(fields), ...fields };
}

export function checkDetailOf(fields: Partial<FlowCheckDetail> & Pick<FlowCheckDetail, 'id'>): FlowCheckDetail {
  return {
    deviceId: 'P0000001',
    taskId: 8,
    flowName: '上电检测',
    flowTopoId: 101,
    uname: 'worker_wang',
    terminalName: '一号工位',
    terminalCode: 'PAD001',
    startTime: '2026-03-02 09:00:00',
    endTime: '2026-03-02 09:00:42',
    status: 'TEST_SUCCESS',
    attempt: 1,
    historyCount: 1,
    autoCheckResult: { checkResults: [] },
    manualCheckResult: { manualReportValues: [] },
    ...fields,
  };
}

export function historyEntryOf(fields: Partial<FlowHistoryEntry> & Pick<FlowHistoryEntry, 'id' | 'attempt'>): FlowHistoryEntry {
  return { startTime: `2026-03-0${fields.attempt} 09:00:00`, uname: 'worker_wang', status: 'TEST_SUCCESS', ...fields };
}

/** The task of a records list (GET /api/task/getTaskDetail) with its flows: only the flows are read there. */
export function recordTaskOf(id: number, flows: Array<{ id: number; name: string; sequence: number }>): TaskDetail {
  return {
    id,
    productTypeId: 1,
    productTypeName: '智能网关',
    productId: 3,
    number: 'GW_100',
    productCode: 'GW100',
    productionNumber: 100,
    finishNumber: 0,
    status: 'START',
    expireTime: null,
    createTime: '2026-03-01 09:30:00',
    startTime: '2026-03-01 10:00:00',
    finishTime: null,
    creatorName: 'admin',
    productLineIds: [{ id: 11, lineName: '总装一线', lineNum: 'ZZ_01' }],
    productionLineName: '总装一线',
    productLineCode: 'ZZ_01',
    flows: flows.map((flow) => ({
      ...flow,
      flowStatus: 0,
      finishNumber: 0,
      productionNumber: 100,
      realSpeed: 0,
      totalCount: 0,
      useCount: 0,
      padsWithUserInfo: [],
    })),
  };
}
