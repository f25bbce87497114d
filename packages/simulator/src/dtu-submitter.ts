import { DTU_SUBMISSION_MSG, type SubmitAnswer } from '@factory/contracts';
import { ConsoleApiError } from './console-client.js';
import type { DtuStats } from './dtu-station.js';

/**
 * 提交 of the DTU tasks the benches work (docs/dtu-submission.md "Submission"), pressed
 * as a person at the console would: every `every` units judged on a task, and once more
 * when a bench of the task ends because the task did (finished, Excel used up, the
 * terminal taken off it). The first batch of a task in a run comes at half that, so a
 * sampling terminal has a batch to sample early. A submit takes every judged unit not
 * yet submitted, a person's too, so one finding none (409 没有可提交的设备) is fine;
 * another refusal is counted with the benches' refusals, a failed call is logged, and
 * the units wait for the next submit. One submit of a task at a time.
 */
export class BatchSubmitter {
  private readonly judged = new Map<number, number>();
  private readonly submittedOnce = new Set<number>();
  private readonly inFlight = new Map<number, Promise<void>>();

  constructor(
    private readonly submit: (taskId: number) => Promise<SubmitAnswer>,
    /** judged units between two submits; 0 never submits */
    private readonly every: number,
    private readonly stats: DtuStats,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** A unit of the task was judged: the task is submitted once enough were. */
  unitJudged(taskId: number): void {
    if (this.every <= 0) return;
    const count = (this.judged.get(taskId) ?? 0) + 1;
    const due = this.submittedOnce.has(taskId) ? this.every : Math.ceil(this.every / 2);
    if (count < due) {
      this.judged.set(taskId, count);
      return;
    }
    this.submittedOnce.add(taskId);
    void this.submitNext(taskId);
  }

  /** A bench of the task ended with the task: what is left is submitted. */
  taskEnded(taskId: number): Promise<void> {
    if (this.every <= 0) return Promise.resolve();
    return this.submitNext(taskId);
  }

  /** Resolves once no submit is in flight. */
  async settled(): Promise<void> {
    await Promise.all(this.inFlight.values());
  }

  private submitNext(taskId: number): Promise<void> {
    this.judged.set(taskId, 0);
    const next = (this.inFlight.get(taskId) ?? Promise.resolve()).then(() => this.submitNow(taskId));
    this.inFlight.set(taskId, next);
    return next;
  }

  private async submitNow(taskId: number): Promise<void> {
    try {
      const answer = await this.submit(taskId);
      this.stats.batchesSubmitted += 1;
      this.stats.unitsSubmitted += answer.submitNumber;
    } catch (error) {
      if (!(error instanceof ConsoleApiError)) {
        this.log(`DTU任务 ${taskId}: 提交 failed (${(error as Error).message}); its units go with the next`);
        return;
      }
      if (error.status === 409 && error.message.endsWith(DTU_SUBMISSION_MSG.submitNothing)) return;
      this.stats.recordRefusal(error.status, error.message);
    }
  }
}
