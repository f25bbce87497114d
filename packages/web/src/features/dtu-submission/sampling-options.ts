import { AQL_VALUES, aqlText, type CheckConfig, INSPECTION_LEVELS, type InspectionLevel, inspectionLevelName, samplingPlan } from '@factory/contracts';

/** GB/T 2828.1 inspection levels: 特殊检验水平 S-1 … S-4, 一般检验水平 I, II, III. */
export const INSPECTION_LEVEL_OPTIONS = INSPECTION_LEVELS.map((level) => ({ value: level, label: inspectionLevelName(level) }));

/** The AQL columns of Table 2-A, written as the table prints them (0.010 … 1.0 … 1000). */
export const AQL_OPTIONS = AQL_VALUES.map((aql) => ({ value: aql, label: aqlText(aql) }));

/** The plan the dialog proposes: the batch's size, Table 1's code letter, n, Ac, Re. */
export type ProposedPlan = NonNullable<CheckConfig['proposal']>;

/**
 * The server proposes the plan of the latest batch not yet judged at the task's level
 * and AQL (`config`); when the dialog changes either, the same batch's plan is looked up
 * again here (the contracts' tables, the server's own), so the proposal follows the choice.
 */
export function proposalFor(
  config: Pick<CheckConfig, 'proposal' | 'inspectionLevel' | 'aql'>,
  level: InspectionLevel | undefined,
  aql: number | undefined,
): ProposedPlan | null {
  const { proposal } = config;
  if (!proposal || level === undefined || aql === undefined) return proposal;
  if (level === config.inspectionLevel && aql === config.aql) return proposal;
  try {
    const plan = samplingPlan(proposal.lotSize, level, aql);
    return { ...proposal, codeLetter: plan.codeLetter, sampleSize: plan.sampleSize, acceptNumber: plan.acceptNumber, rejectNumber: plan.rejectNumber };
  } catch {
    // a level or AQL the tables do not hold: the server's proposal stands
    return proposal;
  }
}
