// A batch's plan in the test data of the console's stock pages and of the PDA (both
// show batches of the same shape: contracts' batchPlan).
import type { BatchPlan } from '@factory/contracts';

/** A batch still taking units: no sampling plan yet (one is fixed when it is closed), nothing checked. */
export const NO_PLAN: BatchPlan = {
  inspectionLevel: null,
  aql: null,
  lotSize: null,
  codeLetter: null,
  sampleSize: null,
  acceptNumber: null,
  rejectNumber: null,
  severity: 'NORMAL',
  checkedCount: 0,
  defectCount: 0,
  verdict: 'PENDING',
};
