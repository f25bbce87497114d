import { describe, expect, it } from 'vitest';
import { dataWatchUrl, editUrl, isOverdue, offers, percentOf, taskIdOf } from './task-view';

describe('task list helpers', () => {
  const task = {
    id: 7,
    number: 'GW 100/A',
    productionLineName: '总装一线、总装二线',
    productLineIds: [
      { id: 3, lineName: '总装一线', lineNum: 'ZZ_01' },
      { id: 5, lineName: '总装二线', lineNum: 'ZZ_02' },
    ],
  };

  it('encodes model and line names twice for the data board', () => {
    const url = dataWatchUrl(task);
    expect(url).toBe(
      '/dataWatch?id=7&productNumber=GW%2520100%252FA&productionLineName=%25E6%2580%25BB%25E8%25A3%2585%25E4%25B8%2580%25E7%25BA%25BF%25E3%2580%2581%25E6%2580%25BB%25E8%25A3%2585%25E4%25BA%258C%25E7%25BA%25BF',
    );
    const params = new URLSearchParams(url.split('?')[1]);
    expect(decodeURIComponent(params.get('productNumber')!)).toBe('GW 100/A');
    expect(decodeURIComponent(params.get('productionLineName')!)).toBe('总装一线、总装二线');
  });

  it('edits a stopped task on step 2 with its line ids and any other on step 1', () => {
    expect(editUrl({ ...task, status: 'STOP' })).toBe('/flowInfo?id=7&productionLineIds=3,5');
    expect(editUrl({ ...task, status: 'NEW' })).toBe('/basicInfo?id=7');
    expect(editUrl({ ...task, status: 'UNSTART' })).toBe('/basicInfo?id=7');
  });

  it('offers the actions of TASK_LIST_ACTIONS only', () => {
    expect(offers('delete', 'UNSTART')).toBe(true);
    expect(offers('delete', 'START')).toBe(false);
    expect(offers('start', 'STOP')).toBe(true);
    expect(offers('start', 'UNSTART')).toBe(false);
    expect(offers('dataWatch', 'FINISH')).toBe(false);
  });

  it('marks an expiry in the past as overdue unless the task is finished', () => {
    const now = new Date(2026, 2, 10, 12, 0, 0).getTime();
    expect(isOverdue({ expireTime: '2026-03-10 11:59:59', status: 'START' }, now)).toBe(true);
    expect(isOverdue({ expireTime: '2026-03-10 12:00:01', status: 'START' }, now)).toBe(false);
    expect(isOverdue({ expireTime: '2026-03-09 00:00:00', status: 'FINISH' }, now)).toBe(false);
    expect(isOverdue({ expireTime: null, status: 'NEW' }, now)).toBe(false);
  });

  it('reads a positive id from the address and rounds progress down', () => {
    expect(taskIdOf(new URLSearchParams('id=12'))).toBe(12);
    for (const bad of ['', 'id=', 'id=0', 'id=-1', 'id=1.5', 'id=abc']) expect(taskIdOf(new URLSearchParams(bad))).toBeNull();
    expect(taskIdOf(new URLSearchParams('taskId=4'), 'taskId')).toBe(4);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(99, 100)).toBe(99);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(120, 100)).toBe(100);
  });
});
