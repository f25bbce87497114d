import { openDb } from './db.js';

/**
 * The counters the server keeps as results arrive (DESIGN.md §5, §7), recomputed from the
 * flow_result rows of a server's SQLite file: the rows where a kept counter disagrees with the
 * results it counts, by table (empty lists when they all agree).
 */
export function counterMismatches(dbFile: string): Record<string, unknown[]> {
  const db = openDb(dbFile);
  try {
    const rows = (sql: string) => db.prepare(sql).all();
    return {
      // A flow's counters are the sums of its terminals' flow_counter rows; each row counts that terminal's results.
      taskFlow: rows(`
        select f.id,
          (select coalesce(sum(k.totalCount), 0) from flow_counter k where k.taskFlowId = f.id) as totalCount,
          (select coalesce(sum(k.failCount), 0) from flow_counter k where k.taskFlowId = f.id) as failCount,
          (select coalesce(sum(k.finishNumber), 0) from flow_counter k where k.taskFlowId = f.id) as finishNumber,
          (select count(*) from flow_result r where r.taskFlowId = f.id) as results,
          (select count(*) from flow_result r where r.taskFlowId = f.id and r.status = 'TEST_ERROR') as failures,
          (select count(*) from device_flow d where d.taskFlowId = f.id and d.latestStatus = 'TEST_SUCCESS') as passedUnits
        from task_flow f
        where totalCount <> results or failCount <> failures or finishNumber <> passedUnits`),
      flowCounter: rows(`
        select k.taskFlowId, k.terminalId, k.totalCount, k.failCount,
          (select count(*) from flow_result r where r.taskFlowId = k.taskFlowId and r.terminalId = k.terminalId) as results,
          (select count(*) from flow_result r where r.taskFlowId = k.taskFlowId and r.terminalId = k.terminalId and r.status = 'TEST_ERROR') as failures
        from flow_counter k
        where k.totalCount <> results or k.failCount <> failures`),
      productionCode: rows(`
        select c.id, c.resultCount, c.passedFlows, c.failedFlows, c.everFailed, c.testStatus,
          (select count(*) from flow_result r where r.codeId = c.id) as results,
          (select count(*) from device_flow d where d.codeId = c.id and d.latestStatus = 'TEST_SUCCESS') as passed,
          (select count(*) from device_flow d where d.codeId = c.id and d.latestStatus = 'TEST_ERROR') as failed,
          (select count(*) > 0 from flow_result r where r.codeId = c.id and r.status = 'TEST_ERROR') as anyFailure,
          (select count(*) from task_flow f where f.taskId = c.taskId) as flows
        from production_code c
        where c.resultCount <> results or c.passedFlows <> passed or c.failedFlows <> failed or c.everFailed <> anyFailure
          or coalesce(c.testStatus, '') <> (case when failed > 0 then 'NOT_PASS' when passed = flows then 'PASS' else '' end)`),
      deviceFlow: rows(`
        select d.codeId, d.taskFlowId, d.attempts, d.latestResultId, d.latestStatus,
          (select count(*) from flow_result r where r.codeId = d.codeId and r.taskFlowId = d.taskFlowId) as results,
          (select max(r.id) from flow_result r where r.codeId = d.codeId and r.taskFlowId = d.taskFlowId) as latestId,
          (select r.status from flow_result r where r.codeId = d.codeId and r.taskFlowId = d.taskFlowId order by r.id desc limit 1) as latest
        from device_flow d
        where d.attempts <> results or d.latestResultId <> latestId or d.latestStatus <> latest`),
      unitsWithoutState: rows(`
        select r.codeId, r.taskFlowId from flow_result r
        left join device_flow d on d.codeId = r.codeId and d.taskFlowId = r.taskFlowId
        where d.codeId is null group by r.codeId, r.taskFlowId`),
      // For a run where nobody stops or finishes a task by hand: a task is FINISH exactly when every unit
      // passed its last flow.
      task: rows(`
        select t.id, t.status, t.productionCount,
          (select coalesce(sum(k.finishNumber), 0) from flow_counter k
            where k.taskFlowId = (select f.id from task_flow f where f.taskId = t.id order by f.sequence desc limit 1)) as lastFlowPassed
        from task t where (t.status = 'FINISH' and lastFlowPassed < t.productionCount)
          or (t.status = 'START' and lastFlowPassed >= t.productionCount)`),
    };
  } finally {
    db.close();
  }
}
