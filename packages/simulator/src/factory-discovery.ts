import { PRODUCTION_CODE_ENDPOINTS, QR_CODE_PAGE, type QrCodePage, STOCK_ENDPOINTS, TASK_ENDPOINTS } from '@factory/contracts';
import type { ConsoleApi } from './console-client.js';
import { taskTerminalCodes } from './factory-seed.js';
import type { StationLogin } from './simulation.js';

/** The task's production codes in label order, read as the console's print view reads them: a page at a time. */
export function codesReader(api: ConsoleApi): (taskId: number) => Promise<string[]> {
  return async (taskId) => {
    const codes: string[] = [];
    for (let afterSequence: number | null = 0; afterSequence !== null; ) {
      const page: QrCodePage = await api(PRODUCTION_CODE_ENDPOINTS.taskQrCodeUrls, { taskId, afterSequence, pageSize: QR_CODE_PAGE.max });
      codes.push(...page.codes);
      afterSequence = page.nextAfter;
    }
    return codes;
  };
}

/**
 * The production codes of a stock batch, read as the console's 抽检管理 reads them (the
 * batch by its number, then its units): for a batch the warehouse did not fill alone.
 */
export function batchUnitsReader(api: ConsoleApi): (batchNo: string) => Promise<string[]> {
  return async (batchNo) => {
    const batches = await api(STOCK_ENDPOINTS.stockBatchList, { batchId: batchNo, pageSize: 50 });
    const batch = batches.list.find((row) => row.batchId === batchNo);
    if (!batch) return [];
    const codes: string[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await api(STOCK_ENDPOINTS.stockRecordList, { stockBatchId: batch.id, pageNum, pageSize: 1000 });
      codes.push(...page.list.map((unit) => unit.produceCode));
      if (page.list.length < 1000 || codes.length >= page.total) return codes;
    }
  };
}

/**
 * The terminals of the tasks that can take results (started, or ready to start),
 * every one signed in with the same user; at most `limit`, taken in turns across
 * tasks and flows so a small limit still leaves a station at every flow.
 */
export async function stationsOfRunningTasks(api: ConsoleApi, user: { username: string; password: string }, limit: number): Promise<StationLogin[]> {
  const tasks: { id: number }[] = [];
  for (const status of ['START', 'UNSTART'] as const) {
    tasks.push(...(await api(TASK_ENDPOINTS.taskList, { status, pageSize: 0 })).list);
  }
  const perTask = await Promise.all(tasks.map((task) => taskTerminalCodes(api, task.id)));
  const stations: StationLogin[] = [];
  // Round-robin over tasks so a limit smaller than the terminals still serves every task.
  for (let index = 0; stations.length < limit && perTask.some((codes) => index < codes.length); index++) {
    for (const codes of perTask) {
      if (index < codes.length && stations.length < limit) stations.push({ terminalCode: codes[index]!, ...user });
    }
  }
  return stations;
}
