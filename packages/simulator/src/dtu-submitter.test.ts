import { DTU_SUBMISSION_MSG, type SubmitAnswer } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from './console-client.js';
import { DtuStats } from './dtu-station.js';
import { BatchSubmitter } from './dtu-submitter.js';

/** A console that answers 提交 by the units judged since the last one, as the server would. */
function consoleOf() {
  const judged = new Map<number, number>();
  const calls: number[] = [];
  let refuse: ConsoleApiError | Error | null = null;
  const submit = async (taskId: number): Promise<SubmitAnswer> => {
    calls.push(taskId);
    if (refuse) throw refuse;
    const units = judged.get(taskId) ?? 0;
    if (units === 0) throw new ConsoleApiError(409, `POST /api/dtuTask/submit: ${DTU_SUBMISSION_MSG.submitNothing}`);
    judged.set(taskId, 0);
    return { batchId: calls.length, batchNo: `${taskId}-00${calls.length}`, submitNumber: units };
  };
  return {
    submit,
    calls,
    judge: (taskId: number) => judged.set(taskId, (judged.get(taskId) ?? 0) + 1),
    refuseWith: (error: ConsoleApiError | Error | null) => void (refuse = error),
  };
}

describe('submitting DTU tasks as units are judged', () => {
  it('submits a task every n units judged, the first batch at half, each task on its own count', async () => {
    const desk = consoleOf();
    const stats = new DtuStats();
    const submitter = new BatchSubmitter(desk.submit, 10, stats);
    // Units are judged a while apart: each submit is answered before the next unit.
    const judge = async (taskId: number) => {
      desk.judge(taskId);
      submitter.unitJudged(taskId);
      await submitter.settled();
    };
    for (let unit = 0; unit < 25; unit++) await judge(1);
    for (let unit = 0; unit < 4; unit++) await judge(2);
    // task 1: at 5, then 15, then 25; task 2 not yet at 5
    expect(desk.calls).toEqual([1, 1, 1]);
    expect(stats).toMatchObject({ batchesSubmitted: 3, unitsSubmitted: 25, refused: 0 });

    desk.judge(2);
    submitter.unitJudged(2);
    await submitter.taskEnded(1);
    await submitter.settled();
    // the task's end finds nothing left on task 1 (409, fine); task 2 reached its first 5
    expect(desk.calls).toEqual([1, 1, 1, 2, 1]);
    expect(stats).toMatchObject({ batchesSubmitted: 4, unitsSubmitted: 30, refused: 0 });
  });

  it('counts a refusal, logs a failed call, and leaves the units for the next submit', async () => {
    const desk = consoleOf();
    const stats = new DtuStats();
    const lines: string[] = [];
    const submitter = new BatchSubmitter(desk.submit, 2, stats, (line) => lines.push(line));
    desk.refuseWith(new ConsoleApiError(409, `POST /api/dtuTask/submit: ${DTU_SUBMISSION_MSG.submitRefused}`));
    desk.judge(7);
    submitter.unitJudged(7);
    await submitter.settled();
    expect(stats.refusals.get(`409 POST /api/dtuTask/submit: ${DTU_SUBMISSION_MSG.submitRefused}`)).toBe(1);

    desk.refuseWith(new Error('fetch failed'));
    desk.judge(7);
    submitter.unitJudged(7);
    desk.judge(7);
    submitter.unitJudged(7);
    await submitter.settled();
    expect(lines).toEqual(['DTU任务 7: 提交 failed (fetch failed); its units go with the next']);

    desk.refuseWith(null);
    desk.judge(7);
    submitter.unitJudged(7);
    desk.judge(7);
    submitter.unitJudged(7);
    await submitter.settled();
    expect(stats).toMatchObject({ batchesSubmitted: 1, unitsSubmitted: 5 });
  });

  it('submits nothing when told to submit every 0 units', async () => {
    const desk = consoleOf();
    const submitter = new BatchSubmitter(desk.submit, 0, new DtuStats());
    for (let unit = 0; unit < 50; unit++) submitter.unitJudged(1);
    await submitter.taskEnded(1);
    expect(desk.calls).toEqual([]);
  });
});
