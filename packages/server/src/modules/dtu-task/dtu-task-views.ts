import { DTU_TASK_TRANSITIONS, type DtuTask, type dtuTaskListQuery, isDtuTaskStatusIn, type Page } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { canCheckTask } from '../../platform/dtu-batches.js';
import { type DtuRow, toDtu } from '../../platform/dtus.js';
import { notFound } from '../../platform/errors.js';
import { fileUrl } from '../../platform/files.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { formatTime } from '../../platform/time.js';
import { type DtuTaskRow, dtuTaskPage, dtusOfTasks, dtuVisible, excelCountsOf, findDtuTask, padsOfTasks, type TaskPadRow } from './dtu-task.repository.js';

const timeOrNull = (time: number | null, timeZone: string) => (time === null ? null : formatTime(time, timeZone));
const padOf = (pad: TaskPadRow) => ({ id: pad.id, name: pad.name, code: pad.code });

function toDtuTask(
  row: DtuTaskRow,
  pads: readonly TaskPadRow[],
  dtu: DtuRow,
  excel: { rows: number; used: number } | undefined,
  timeZone: string,
): DtuTask {
  return {
    id: row.id,
    dtuId: row.dtuId,
    fittingType: row.fittingType,
    reworkTask: row.reworkTask === 1,
    productLineId: row.productLineId,
    productionLineName: row.productionLineName,
    aimProductLineId: row.aimLineId,
    aimProductLineName: row.aimProductLineName,
    testFirmwareVersion: row.testFirmwareVersion,
    testFirmwareDownloadUrl: dtu.firmwareKey ? fileUrl(dtu.firmwareKey) : null,
    testFirmwareOriginName: dtu.firmwareName,
    pads: pads.filter((pad) => pad.partsRole === 'PAD').map(padOf),
    serialPads: pads.filter((pad) => pad.partsRole === 'SERIAL').map(padOf),
    finishNumber: row.finishNumber,
    testedNumber: row.testedNumber,
    productionNumber: row.productionNumber,
    expireTime: timeOrNull(row.expireTime, timeZone),
    status: row.status,
    duplicateEnable: row.duplicateEnable === 1,
    needExcel: row.needExcel === 1,
    excelOriginName: row.excelOriginName,
    excelRowCount: excel?.rows ?? 0,
    excelUsedCount: excel?.used ?? 0,
    // 升级固件后不支持抽检: a firmware change after a submission ends sampling (issue 18)
    canCheck: canCheckTask(row),
    canEditFirmware: isDtuTaskStatusIn(row.status, DTU_TASK_TRANSITIONS.edit),
    communicationType: dtu.communicationType,
    bandRate: dtu.bandRate,
    createTime: formatTime(row.createTime, timeZone),
    startTime: timeOrNull(row.startTime, timeZone),
    finishTime: timeOrNull(row.finishTime, timeZone),
    creatorName: row.creatorName,
    detail: toDtu(dtu, timeZone),
  };
}

/** The contract's tasks of `rows`: their terminals, DTUs and Excel counts in three queries, whatever the page size. */
async function toDtuTasks(db: Kysely<Database>, rows: readonly DtuTaskRow[], timeZone: string): Promise<DtuTask[]> {
  const ids = rows.map((row) => row.id);
  const [pads, dtus, counts] = await Promise.all([
    padsOfTasks(db, ids),
    dtusOfTasks(
      db,
      rows.map((row) => row.dtuId),
    ),
    excelCountsOf(db, ids),
  ]);
  const dtuById = new Map(dtus.map((dtu) => [dtu.id, dtu]));
  const countOf = new Map(counts.map((count) => [count.taskId, count]));
  return rows.map((row) =>
    toDtuTask(
      row,
      pads.filter((pad) => pad.taskId === row.id),
      dtuById.get(row.dtuId)!,
      countOf.get(row.id),
      timeZone,
    ),
  );
}

export async function dtuTaskList(
  db: Kysely<Database>,
  scope: TaskScope,
  query: z.output<typeof dtuTaskListQuery>,
  timeZone: string,
): Promise<Page<DtuTask>> {
  const { page, pageSize, ...filters } = query;
  if (!(await dtuVisible(db, scope, filters.dtuId))) throw notFound();
  const { rows, total } = await dtuTaskPage(db, scope, filters, { page, pageSize });
  return { list: await toDtuTasks(db, rows, timeZone), total, pageSize, pageNum: page };
}

export async function dtuTaskDetail(db: Kysely<Database>, scope: TaskScope, taskId: number, timeZone: string): Promise<DtuTask> {
  const row = await findDtuTask(db, scope, taskId);
  if (!row) throw notFound();
  const [task] = await toDtuTasks(db, [row], timeZone);
  return task!;
}
