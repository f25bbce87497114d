import { z } from 'zod';
import { pageQuery } from '../envelope.js';
import { optionalText, timeText } from './common.js';

/** GET /api/operationLog/list */
export const operationLogQuery = pageQuery.extend({
  userName: optionalText,
  /** module key, e.g. line, terminal, user, role, document */
  module: optionalText,
  /** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, inclusive */
  fromTime: optionalText,
  /** exclusive when a bare date (the console sends the day after, seed 000 §2) */
  toTime: optionalText,
});

export const operationLogRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  module: z.string(),
  moduleName: z.string(),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  statusCode: z.number().int(),
  success: z.boolean(),
  ip: z.string().nullable(),
  createTime: timeText,
});
export type OperationLogRow = z.infer<typeof operationLogRow>;

/** GET /api/operationLog/modules: the modules present in the log, for the filter */
export const operationLogModuleOption = z.object({ module: z.string(), moduleName: z.string() });
export type OperationLogModuleOption = z.infer<typeof operationLogModuleOption>;

/** Modules of the API as the log page's filter offers them. */
export const LOG_MODULES: Record<string, string> = {
  user: '用户',
  role: '角色',
  line: '产线',
  terminal: '终端',
  pad: '终端',
  document: '文档',
  file: '文件',
  task: '生产任务',
  product: '产品',
  property: '产品属性',
  flow: '产品流程',
  firmware: '固件',
  session: '会话',
};
