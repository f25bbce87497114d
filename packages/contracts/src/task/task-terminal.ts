import { z } from 'zod';
import { idField, optionalId, positiveId, text } from '../admin/common.js';
import { lineIdsField, TASK_STATUSES } from './task.js';

/** GET /api/task/getTaskDetail4Edit?taskId */
export const taskEditQuery = z.object({ taskId: idField });

export const padInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** the task flow it serves, null when free */
  flowId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  lineId: z.number().int().nullable(),
  lineName: z.string().nullable(),
});
export type PadInfo = z.infer<typeof padInfo>;

export const flowPads = z.object({
  flow: z.object({ id: z.number().int(), name: z.string(), sequence: z.number().int() }),
  padInfos: z.array(padInfo),
});

/** The task as both steps of the form edit it, with the terminals of each flow. */
export const taskEditData = z.object({
  id: z.number().int(),
  productTypeId: z.number().int(),
  productId: z.number().int(),
  productNumber: z.string(),
  productionLineIds: z.array(z.number().int()),
  productionCount: z.number().int(),
  /** YYYY-MM-DD HH:mm:ss, null for a task made without one */
  expireTime: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  flowPads: z.array(flowPads),
});
export type TaskEditData = z.infer<typeof taskEditData>;

/**
 * GET /api/pad/getPadList?lineIds&taskId: the PADs step 2 offers, those idle on
 * the lines and those already on the task (taskId), each with its flow.
 */
export const padListQuery = z.object({ lineIds: lineIdsField, taskId: optionalId });

/** One flow's terminals: `padIdList` as an array, or `padIds` as an array or comma list. */
const flowTerminals = z
  .object({
    flowId: idField,
    padIdList: z.array(positiveId()).max(1000).optional(),
    padIds: z.union([z.array(positiveId()).max(1000), text(20_000)]).optional(),
  })
  .transform(({ flowId, padIdList, padIds }) => {
    const fromText = typeof padIds === 'string' ? padIds.split(',').map((part) => part.trim()).filter(Boolean).map(Number) : padIds;
    const ids = [...(padIdList ?? []), ...(fromText ?? [])].filter((id) => Number.isInteger(id) && id > 0);
    return { flowId, padIds: [...new Set(ids)] };
  });

/** POST /api/pad/setPad (JSON): every flow of the task with at least one terminal. */
export const setPadBody = z.object({
  taskId: idField,
  flowId2PadId: z.array(flowTerminals).default([]),
});
export type SetPadBody = z.input<typeof setPadBody>;
