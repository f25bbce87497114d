import { TASK_MSG } from '@factory/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  beforeYesterday,
  expireDateSchema,
  flowInfoUrl,
  flowIsMissing,
  lineIdsOf,
  padLabel,
  takenByOtherFlows,
  taskIdParam,
} from './task-form-view';

const messageOf = (value: unknown) => {
  const result = expireDateSchema.safeParse(value);
  return result.success ? '' : result.error.issues[0]?.message;
};

describe('task form helpers', () => {
  it.each([
    ['', { kind: 'none' }],
    ['?id=', { kind: 'none' }],
    ['?id=12', { kind: 'id', id: 12 }],
    ['?id=0', { kind: 'invalid' }],
    ['?id=1.5', { kind: 'invalid' }],
    ['?id=abc', { kind: 'invalid' }],
  ])('reads the task id of %s', (search, expected) => {
    expect(taskIdParam(new URLSearchParams(search))).toEqual(expected);
  });

  it('reads a comma list of line ids, dropping what is not a positive integer and repeats', () => {
    expect(lineIdsOf('11, 12,,x,0,12,13')).toEqual([11, 12, 13]);
    expect(lineIdsOf(null)).toEqual([]);
    expect(flowInfoUrl(7, [11, 13])).toBe('/flowInfo?id=7&productionLineIds=11,13');
  });

  it('labels a terminal with its code and line', () => {
    expect(padLabel({ name: '一号平板', code: 'PAD01', lineName: '总装一线' })).toBe('一号平板 (PAD01) · 总装一线');
    expect(padLabel({ name: '一号平板', code: 'PAD01', lineName: null })).toBe('一号平板 (PAD01)');
  });

  it('takes yesterday as the expiry and refuses the day before', () => {
    expect(messageOf(undefined)).toBe(TASK_MSG.expireRequired);
    expect(messageOf(null)).toBe(TASK_MSG.expireRequired);
    expect(messageOf(dayjs().subtract(1, 'day'))).toBe('');
    expect(messageOf(dayjs())).toBe('');
    expect(messageOf(dayjs().subtract(2, 'day'))).toBe(TASK_MSG.expireTooEarly);
    expect(beforeYesterday(dayjs().subtract(1, 'day'))).toBe(false);
    expect(beforeYesterday(dayjs().subtract(2, 'day'))).toBe(true);
  });

  it('lists the terminals every other flow holds', () => {
    const choice = { 71: [1, 4], 72: [2], 73: [] };
    expect([...takenByOtherFlows(choice, 71)]).toEqual([2]);
    expect([...takenByOtherFlows(choice, 73)].sort()).toEqual([1, 2, 4]);
    expect(flowIsMissing(choice, 73)).toBe(true);
    expect(flowIsMissing(choice, 74)).toBe(true);
    expect(flowIsMissing(choice, 72)).toBe(false);
  });
});
