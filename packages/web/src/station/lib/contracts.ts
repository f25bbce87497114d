/**
 * The contracts the station app uses, in one place. The values come from their
 * own source files rather than the package index: the index also loads every
 * zod schema and zod's locale, which a terminal never needs and which would be
 * most of the station's download. Types cost nothing at run time, so they come
 * from the index.
 */
export { PATHS } from '../../../../contracts/src/paths';
export { STATION_MSG } from '../../../../contracts/src/station/messages';
export { judgeValue, standardText } from '../../../../contracts/src/station/verdict';
export type {
  StationAssignment,
  StationDevice,
  StationItem,
  StationLastTask,
  StationLoginBody,
  StationLoginResult,
  StationResultBody,
  StationResultRow,
  StationVerdict,
} from '@factory/contracts';

/** envelope.ts's SUCCESS_CODE (that module builds zod schemas too) */
export const SUCCESS_CODE = 1;
