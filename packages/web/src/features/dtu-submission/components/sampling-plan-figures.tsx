import type { ProposedPlan } from '../sampling-options';

/** 批量, 字码, 样本量 n, Ac, Re of a plan, on one line. */
export function SamplingPlanFigures({ plan }: { plan: ProposedPlan }) {
  const figures: Array<[string, string | number]> = [
    ['批量', plan.lotSize],
    ['字码', plan.codeLetter],
    ['样本量 n', plan.sampleSize],
    ['Ac', plan.acceptNumber],
    ['Re', plan.rejectNumber],
  ];
  return (
    <dl className="sampling-plan-figures">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
