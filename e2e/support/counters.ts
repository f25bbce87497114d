import pg from 'pg';
import { openDb } from './db.js';

/** Runs one read and answers its rows: on a SQLite file or a PostgreSQL database. */
type Rows = (sql: string) => Promise<unknown[]>;

/*
 * The checks, written once for both databases: identifiers quoted (PostgreSQL keeps the
 * camelCase column names as created), each kept counter beside what it counts in a
 * subquery (PostgreSQL does not read a column's alias in WHERE), truth as 0 and 1.
 */
const CHECKS = {
  // A flow's counters are the sums of its terminals' flow_counter rows; each row counts that terminal's results.
  taskFlow: `
    select * from (select f.id,
      (select coalesce(sum(k."totalCount"), 0) from flow_counter k where k."taskFlowId" = f.id) as "totalCount",
      (select coalesce(sum(k."failCount"), 0) from flow_counter k where k."taskFlowId" = f.id) as "failCount",
      (select coalesce(sum(k."finishNumber"), 0) from flow_counter k where k."taskFlowId" = f.id) as "finishNumber",
      (select count(*) from flow_result r where r."taskFlowId" = f.id) as results,
      (select count(*) from flow_result r where r."taskFlowId" = f.id and r.status = 'TEST_ERROR') as failures,
      (select count(*) from device_flow d where d."taskFlowId" = f.id and d."latestStatus" = 'TEST_SUCCESS') as "passedUnits"
    from task_flow f) x
    where "totalCount" <> results or "failCount" <> failures or "finishNumber" <> "passedUnits"`,
  flowCounter: `
    select * from (select k."taskFlowId", k."terminalId", k."totalCount", k."failCount",
      (select count(*) from flow_result r where r."taskFlowId" = k."taskFlowId" and r."terminalId" = k."terminalId") as results,
      (select count(*) from flow_result r where r."taskFlowId" = k."taskFlowId" and r."terminalId" = k."terminalId" and r.status = 'TEST_ERROR') as failures
    from flow_counter k) x
    where "totalCount" <> results or "failCount" <> failures`,
  productionCode: `
    select * from (select c.id, c."resultCount", c."passedFlows", c."failedFlows", c."everFailed", c."testStatus",
      (select count(*) from flow_result r where r."codeId" = c.id) as results,
      (select count(*) from device_flow d where d."codeId" = c.id and d."latestStatus" = 'TEST_SUCCESS') as passed,
      (select count(*) from device_flow d where d."codeId" = c.id and d."latestStatus" = 'TEST_ERROR') as failed,
      case when exists (select 1 from flow_result r where r."codeId" = c.id and r.status = 'TEST_ERROR') then 1 else 0 end as "anyFailure",
      (select count(*) from task_flow f where f."taskId" = c."taskId") as flows
    from production_code c) x
    where "resultCount" <> results or "passedFlows" <> passed or "failedFlows" <> failed or "everFailed" <> "anyFailure"
      or coalesce("testStatus", '') <> (case when failed > 0 then 'NOT_PASS' when passed = flows then 'PASS' else '' end)`,
  deviceFlow: `
    select * from (select d."codeId", d."taskFlowId", d.attempts, d."latestResultId", d."latestStatus",
      (select count(*) from flow_result r where r."codeId" = d."codeId" and r."taskFlowId" = d."taskFlowId") as results,
      (select max(r.id) from flow_result r where r."codeId" = d."codeId" and r."taskFlowId" = d."taskFlowId") as "latestId",
      (select r.status from flow_result r where r."codeId" = d."codeId" and r."taskFlowId" = d."taskFlowId" order by r.id desc limit 1) as latest
    from device_flow d) x
    where attempts <> results or "latestResultId" <> "latestId" or "latestStatus" <> latest`,
  unitsWithoutState: `
    select r."codeId", r."taskFlowId" from flow_result r
    left join device_flow d on d."codeId" = r."codeId" and d."taskFlowId" = r."taskFlowId"
    where d."codeId" is null group by r."codeId", r."taskFlowId"`,
  // For a run where nobody stops or finishes a task by hand: a task is FINISH exactly when every unit
  // passed its last flow.
  task: `
    select * from (select t.id, t.status, t."productionCount",
      (select coalesce(sum(k."finishNumber"), 0) from flow_counter k
        where k."taskFlowId" = (select f.id from task_flow f where f."taskId" = t.id order by f.sequence desc limit 1)) as "lastFlowPassed"
    from task t) x
    where (status = 'FINISH' and "lastFlowPassed" < "productionCount") or (status = 'START' and "lastFlowPassed" >= "productionCount")`,
};

/**
 * The counters the server keeps as results arrive (DESIGN.md §5, §7), recomputed from the
 * flow_result rows: the rows where a kept counter disagrees with the results it counts, by
 * table (empty lists when they all agree).
 */
async function mismatches(rows: Rows): Promise<Record<keyof typeof CHECKS, unknown[]>> {
  const found: Partial<Record<keyof typeof CHECKS, unknown[]>> = {};
  for (const [name, sql] of Object.entries(CHECKS) as [keyof typeof CHECKS, string][]) found[name] = await rows(sql);
  return found as Record<keyof typeof CHECKS, unknown[]>;
}

/** The counter checks on a server's SQLite file. */
export async function counterMismatches(dbFile: string): Promise<Record<keyof typeof CHECKS, unknown[]>> {
  const db = openDb(dbFile);
  try {
    return await mismatches(async (sql) => db.prepare(sql).all());
  } finally {
    db.close();
  }
}

/** The counter checks on a PostgreSQL database (several server processes on one database). */
export async function counterMismatchesOnPostgres(databaseUrl: string): Promise<Record<keyof typeof CHECKS, unknown[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await mismatches(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}
