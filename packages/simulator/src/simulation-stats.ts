/** The server's refusals, counted and by status and message, for the summaries (stations and the warehouse). */
export class RefusalCounts {
  refused = 0;
  readonly refusals = new Map<string, number>();

  recordRefusal(status: number, message: string): void {
    this.refused += 1;
    const key = `${status} ${message}`;
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }
}

/** Counts of one simulation, read by the progress line and the final summary. */
export class SimulationStats extends RefusalCounts {
  results = 0;
  passed = 0;
  /** verdicts that differ from what the drawn values meant (a server judging differently than the shared rule) */
  unexpected = 0;
  /** submissions that needed more than one attempt */
  retried = 0;
  readonly resultsByTask = new Map<number, number>();
  readonly startedAt = Date.now();
  private lastResults = 0;
  private lastPassed = 0;
  private lastAt = Date.now();

  recordVerdict(taskId: number, passed: boolean, expectPass: boolean, attempts: number): void {
    this.results += 1;
    if (passed) this.passed += 1;
    if (passed !== expectPass) this.unexpected += 1;
    if (attempts > 1) this.retried += 1;
    this.resultsByTask.set(taskId, (this.resultsByTask.get(taskId) ?? 0) + 1);
  }

  /** Results per second and pass rate since the last call. */
  interval(now = Date.now()): { perSecond: number; passRate: number | null } {
    const results = this.results - this.lastResults;
    const passed = this.passed - this.lastPassed;
    const seconds = Math.max(0.001, (now - this.lastAt) / 1000);
    this.lastResults = this.results;
    this.lastPassed = this.passed;
    this.lastAt = now;
    return { perSecond: results / seconds, passRate: results === 0 ? null : passed / results };
  }
}
