// Test data of the task pages (imported by their *.test.tsx only).
import type { Task, TaskDetail, TaskDetailFlow } from '@factory/contracts';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** Every button of /productionCenter (DESIGN.md §4). */
export const TASK_BUTTONS = ['add', 'dataWatch', 'detail', 'exportProCode', 'edit', 'stop', 'start', 'finish', 'delete'];

/** A session holding the given buttons on 产线检测 under 生产中心. */
export function taskSession(funcBotton: string[] = TASK_BUTTONS) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '产线检测', url: '/productionCenter', level: 2, funcBotton }),
  ]);
}

export function taskOf(fields: Partial<Task> & Pick<Task, 'id'>): Task {
  return {
    productTypeId: 1,
    productTypeName: '智能网关',
    productId: 3,
    number: `GW_${fields.id}`,
    productCode: `GW${fields.id}`,
    productionNumber: 100,
    finishNumber: 0,
    status: 'NEW',
    expireTime: '2099-12-31 23:59:59',
    createTime: '2026-03-01 09:30:00',
    startTime: null,
    finishTime: null,
    creatorName: 'admin',
    productLineIds: [
      { id: 11, lineName: '总装一线', lineNum: 'ZZ_01' },
      { id: 12, lineName: '总装二线', lineNum: 'ZZ_02' },
    ],
    productionLineName: '总装一线、总装二线',
    productLineCode: 'ZZ_01,ZZ_02',
    flows: [],
    ...fields,
  };
}

export function detailFlowOf(fields: Partial<TaskDetailFlow> & Pick<TaskDetailFlow, 'id' | 'sequence'>): TaskDetailFlow {
  return {
    name: `流程名${fields.sequence}`,
    flowStatus: 0,
    finishNumber: 0,
    productionNumber: 100,
    realSpeed: 0,
    totalCount: 0,
    useCount: 0,
    padsWithUserInfo: [],
    ...fields,
  };
}

export function taskDetailOf(fields: Partial<TaskDetail> & Pick<TaskDetail, 'id'>): TaskDetail {
  const { flows, ...rest } = fields;
  return { ...taskOf(rest), flows: flows ?? [] };
}

export const PRODUCT_TYPES = [
  { id: 1, name: '智能网关' },
  { id: 2, name: '智能电表' },
];
