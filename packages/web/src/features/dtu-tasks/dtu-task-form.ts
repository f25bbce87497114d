import {
  DTU_TASK_LIMITS,
  DTU_TASK_MSG as M,
  type DtuTask,
  type DtuTaskParam,
  dtuTaskParam,
  expireDateAllowed,
  TASK_FIRMWARE_PATTERN,
  WORD_PATTERN,
} from '@factory/contracts';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { zodRule } from '../../lib/zod-rule';
import type { DtuTaskInput } from './api/dtu-task-form-data';
import type { HeldExcel } from './components/excel-field';
import { DATE_FORMAT } from './dtu-tasks-view';

/** What the task panel holds: texts as typed, lines and PADs by id, the day picked, the Excel chosen or held. */
export interface DtuTaskFields {
  fittingType: string;
  productLineId?: number;
  aimLineId?: number;
  pads: number[];
  padsForComCheck: number[];
  expireTime?: Dayjs | null;
  productionNumber: string;
  testFirmwareVersion: string;
  needExcel: boolean;
  excel: File | HeldExcel | null;
  duplicateEnable: boolean;
}

/** What the panel's fields depend on: the kind of list, the DTU's method, and the task edited. */
export interface DtuTaskFormSetting {
  dtuId: number;
  rework: boolean;
  /** communicationType bluetooth: serial terminals too */
  bluetooth: boolean;
  /** communicationType THREE_2_ONE: data delivery may be switched on */
  threeToOne: boolean;
  task?: DtuTask;
}

/** The name's words: 任务名称, or 配件型号 on the rework page (seed 002 §5). */
export const nameLabelOf = (rework: boolean) => (rework ? '配件型号' : '任务名称');

const required = (message: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) throw new Error(message);
  },
});

// The contract's fields where they carry their own messages (seed 002 §5); the rules
// it checks across fields (the name's words, the PAD lists, the day) follow it here.
const shape = dtuTaskParam.in.shape;
const firmwareText = shape.testFirmwareVersion;

type RuledField = 'fittingType' | 'productLineId' | 'aimLineId' | 'pads' | 'padsForComCheck' | 'expireTime' | 'productionNumber' | 'testFirmwareVersion' | 'excel';

/** The rules of each field; the name's words and the day's exception depend on the setting. */
export function dtuTaskRules({ rework, task }: DtuTaskFormSetting): Record<RuledField, FormRule[]> {
  const words = rework
    ? { required: M.reworkNameRequired, rule: M.reworkNameRule, tooLong: M.reworkNameTooLong }
    : { required: M.nameRequired, rule: M.nameRule, tooLong: M.nameTooLong };
  const heldDay = task?.expireTime?.slice(0, 10);
  return {
    fittingType: [
      {
        validator: async (_rule, value: unknown) => {
          const text = typeof value === 'string' ? value.trim() : '';
          if (!text) throw new Error(words.required);
          if (!WORD_PATTERN.test(text)) throw new Error(words.rule);
          if (text.length > DTU_TASK_LIMITS.nameMax) throw new Error(words.tooLong);
        },
      },
    ] satisfies FormRule[],
    productLineId: [zodRule(shape.productLineId)],
    aimLineId: [zodRule(shape.aimLineId)],
    pads: [required(M.padsRequired)],
    padsForComCheck: [
      required(M.serialPadsRequired),
      ({ getFieldValue }) => ({
        validator: async (_rule, value: number[] | undefined) => {
          const pads = (getFieldValue('pads') as number[] | undefined) ?? [];
          if ((value ?? []).some((id) => pads.includes(id))) throw new Error(M.padOneListOnly);
        },
      }),
    ] satisfies FormRule[],
    expireTime: [
      required(M.expireRequired),
      {
        validator: async (_rule, value: Dayjs | null | undefined) => {
          if (!value) return;
          const day = value.format(DATE_FORMAT);
          // a task keeps the day it has, even once passed (the server allows it too)
          if (day === heldDay) return;
          if (!expireDateAllowed(day, dayjs().format(DATE_FORMAT))) throw new Error(M.expireTooEarly);
        },
      },
    ] satisfies FormRule[],
    productionNumber: [zodRule(shape.productionNumber)],
    testFirmwareVersion: [
      zodRule(firmwareText),
      {
        validator: async (_rule, value: unknown) => {
          const text = typeof value === 'string' ? value.trim() : '';
          if (text && !TASK_FIRMWARE_PATTERN.test(text)) throw new Error(M.firmwareRule);
        },
      },
    ] satisfies FormRule[],
    excel: [
      ({ getFieldValue }) => ({
        validator: async (_rule, value: DtuTaskFields['excel'] | undefined) => {
          if (getFieldValue('needExcel') && !value) throw new Error(M.excelRequired);
        },
      }),
    ] satisfies FormRule[],
  };
}

/** The panel's values for a task (edit), or an empty panel (add). */
export function initialDtuTaskFields({ rework, task }: DtuTaskFormSetting): DtuTaskFields {
  if (!task) {
    return {
      fittingType: '',
      pads: [],
      padsForComCheck: [],
      expireTime: null,
      productionNumber: '',
      testFirmwareVersion: '',
      needExcel: false,
      excel: null,
      duplicateEnable: rework,
    };
  }
  return {
    fittingType: task.fittingType,
    productLineId: task.productLineId,
    aimLineId: task.aimProductLineId,
    pads: task.pads.map((pad) => pad.id),
    padsForComCheck: task.serialPads.map((pad) => pad.id),
    expireTime: task.expireTime ? dayjs(task.expireTime.slice(0, 10), DATE_FORMAT) : null,
    productionNumber: String(task.productionNumber),
    testFirmwareVersion: task.testFirmwareVersion,
    needExcel: task.needExcel,
    excel: task.needExcel && task.excelOriginName ? { name: task.excelOriginName } : null,
    duplicateEnable: rework || task.duplicateEnable,
  };
}

/**
 * The PADs a line's choice leaves chosen (seed 002 §4): another line clears both lists;
 * the task's own line, chosen again while editing, gives back the PADs it holds.
 */
export function padsForLine(lineId: number | undefined, task: DtuTask | undefined): Pick<DtuTaskFields, 'pads' | 'padsForComCheck'> {
  if (task && lineId === task.productLineId) {
    return { pads: task.pads.map((pad) => pad.id), padsForComCheck: task.serialPads.map((pad) => pad.id) };
  }
  return { pads: [], padsForComCheck: [] };
}

/** What the panel sends (the JSON part and the Excel), from fields that passed their rules. */
export function dtuTaskInputOf(fields: DtuTaskFields, { dtuId, rework, bluetooth, threeToOne, task }: DtuTaskFormSetting): DtuTaskInput {
  const day = fields.expireTime!.format(DATE_FORMAT);
  // an unchanged day goes back as the task has it, so its time of day stays
  const expireTime = task?.expireTime && task.expireTime.slice(0, 10) === day ? task.expireTime : day;
  const needExcel = threeToOne && fields.needExcel;
  const param: DtuTaskParam = {
    dtuId,
    reworkTask: rework,
    fittingType: fields.fittingType.trim(),
    productLineId: fields.productLineId!,
    aimLineId: fields.aimLineId!,
    pads: fields.pads,
    padsForComCheck: bluetooth ? fields.padsForComCheck : [],
    expireTime,
    productionNumber: Number(fields.productionNumber.trim()),
    testFirmwareVersion: fields.testFirmwareVersion.trim(),
    needExcel,
    // rework tasks always allow duplicates (seed 002 §4)
    duplicateEnable: rework || fields.duplicateEnable,
  };
  return { param, excel: needExcel && fields.excel instanceof File ? fields.excel : null };
}
