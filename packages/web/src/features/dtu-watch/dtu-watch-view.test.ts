import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { afterToday, contentText, dayOf, reportRange } from './check-log-view';
import { durationText, dtuWatchUrls, taskContextOf, taskTrail, wholePercent } from './dtu-watch-view';

const context = (search: string) => taskContextOf(new URLSearchParams(search));

describe('the task pages’ addresses', () => {
  it('reads the context of the address and carries it on', () => {
    const read = context('taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskType=rework&check=y');
    expect(read).toMatchObject({ taskId: '31', dtuId: '9', taskType: 'rework', check: true, taskBatchId: '' });
    expect(context('taskType=other').taskType).toBe('normal');
    expect(dtuWatchUrls.watchDetail(read, 7)).toBe(
      '/dtuTaskWatchDetail?taskDetailId=7&taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskType=rework&check=Y',
    );
    expect(dtuWatchUrls.taskList(read, false)).toBe('/dtuTask?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&isAdd=no');
    expect(dtuWatchUrls.taskList(read, true)).toBe('/rework?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01');
    expect(dtuWatchUrls.checkTask(read, false)).toBe('/checkTask?taskId=31&dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&taskType=normal');
  });

  it('leads each crumb to its page; a module’s DTU (no part) leaves 配件详情 unlinked', () => {
    expect(taskTrail(context('partsId=5&partsType=1&dtuId=9&dtuNumber=D1'), false)).toEqual([
      { name: '生产中心' },
      { name: '配件检测', to: '/parts' },
      { name: '配件详情', to: '/partsDetail?partsId=5&partsType=1' },
      { name: 'DTU任务', to: '/dtuTask?dtuId=9&partsId=5&partsType=1&dtuNumber=D1&isAdd=no' },
    ]);
    const sampling = taskTrail(context('taskId=31&dtuId=9&dtuNumber=D1&check=Y'), true);
    expect(sampling.map((crumb) => crumb.name)).toEqual(['生产中心', '配件检测', '配件详情', '返工模式', '抽检任务']);
    expect(sampling[2]!.to).toBeUndefined();
  });
});

describe('the task pages’ texts', () => {
  it('writes a test’s duration and the task’s whole percentage', () => {
    expect(durationText(null)).toBe('-');
    expect(durationText(42)).toBe('42秒');
    expect(durationText(65)).toBe('1分5秒');
    expect(durationText(3725)).toBe('1小时2分5秒');
    expect(wholePercent(120, 1000)).toBe(12);
    expect(wholePercent(0, 0)).toBe(0);
    expect(wholePercent(1, 3)).toBe(33);
    // rounded, but never 100 before the last unit
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(999, 1000)).toBe(99);
    expect(wholePercent(1000, 1000)).toBe(100);
  });

  it('pretty-prints a report’s JSON and shows anything else as received', () => {
    expect(contentText('{"CSQ":21,"VERSION":"1.2.0"}')).toBe('{\n  "CSQ": 21,\n  "VERSION": "1.2.0"\n}');
    expect(contentText('[{"CSQ":1}]')).toBe('[\n  {\n    "CSQ": 1\n  }\n]');
    expect(contentText('CSQ=1')).toBe('CSQ=1');
    // a bare JSON value is not a report's object: as received
    expect(contentText('42')).toBe('42');
    expect(contentText('')).toBe('');
  });

  it('asks the check log from the first day’s start to the last day’s end', () => {
    expect(reportRange('2026-03-01', '2026-03-02')).toEqual({ from: '2026-03-01 00:00:00', to: '2026-03-02 23:59:59' });
    expect(reportRange('', '')).toEqual({ from: undefined, to: undefined });
    // nothing is reported tomorrow; a day of the address that is no day is no filter
    expect(afterToday(dayjs().add(1, 'day'))).toBe(true);
    expect(afterToday(dayjs())).toBe(false);
    expect([dayOf('2026-02-30'), dayOf('2026-3-1'), dayOf('2026-03-01')]).toEqual(['', '', '2026-03-01']);
  });
});
