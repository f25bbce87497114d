/**
 * The contracts the station app uses, in one place. The values come from their
 * own source files rather than the package index: the index (and PATHS, read from
 * every endpoint group) loads every zod schema of the API and zod's locale, which
 * a terminal never needs and which would be most of the station's download. The
 * station's endpoints bring only their own schemas (checked in development and
 * tests). Types cost nothing at run time, so they come from the index.
 */
export { checkedAnswer, requestOf } from '../../../../contracts/src/endpoint';
export { STATION_ENDPOINTS } from '../../../../contracts/src/station/station.endpoints';
export { STATION_MSG } from '../../../../contracts/src/station/messages';
export { STOCK_STATION_ENDPOINTS } from '../../../../contracts/src/stock/stock-station.endpoints';
export { STOCK_MSG } from '../../../../contracts/src/stock/messages';
export { BATCH_VERDICT_NAMES, STOCK_LIMITS, STOCK_MOVEMENT_NAMES } from '../../../../contracts/src/stock/stock';
export { judgeValue, standardText } from '../../../../contracts/src/station/verdict';
export { DTU_STATION_ENDPOINTS } from '../../../../contracts/src/accessory/dtu-station.endpoints';
export { DTU_TASK_MSG } from '../../../../contracts/src/accessory/dtu-task-messages';
export { UNIT_CODE_PATTERN } from '../../../../contracts/src/accessory/dtu-test';
// Both already reached through dtu-test (its station schemas use them): they add nothing to the download.
export { DTU_SUBMISSION_MSG } from '../../../../contracts/src/accessory/dtu-submission-messages';
export { SAMPLING_VERDICT_NAMES } from '../../../../contracts/src/accessory/dtu-submission';
export type {
  AnyEndpoint,
  Answer,
  AnswerIn,
  BodyIn,
  CallArgs,
  CallInput,
  StationAssignment,
  StationDevice,
  StationItem,
  StationLastTask,
  StationLoginResult,
  StationResultRow,
  StationVerdict,
  BatchVerdict,
  SpotCheckAnswer,
  StationBatch,
  StationBatchDetail,
  StationCheck,
  StockInAnswer,
  StockModes,
  StockMovement,
  StockMovementKind,
  StockOutAnswer,
  StationDtuAssignment,
  StationDtuResultAnswer,
  StationDtuSampleAnswer,
  StationDtuUnit,
  SamplingVerdict,
} from '@factory/contracts';

/** envelope.ts's SUCCESS_CODE (that module builds zod schemas too) */
export const SUCCESS_CODE = 1;
