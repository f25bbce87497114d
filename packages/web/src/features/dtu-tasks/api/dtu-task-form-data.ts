import { DTU_TASK_EXCEL_FIELD, DTU_TASK_PARAM_FIELD, type DtuTaskParam } from '@factory/contracts';

/** What the panel saves: the task's fields, and a newly chosen Excel (none keeps the one held on edit). */
export interface DtuTaskInput {
  param: DtuTaskParam;
  excel: File | null;
}

/**
 * The multipart form of task add/edit (seed 002 §7): the task as JSON text in the
 * part `fittingsTaskParam`, the major/minor Excel in `majorMinorExcel`.
 */
export function dtuTaskFormData({ param, excel }: DtuTaskInput, id?: number): FormData {
  const form = new FormData();
  form.append(DTU_TASK_PARAM_FIELD, JSON.stringify(id === undefined ? param : { id, ...param }));
  if (excel) form.append(DTU_TASK_EXCEL_FIELD, excel, excel.name);
  return form;
}
