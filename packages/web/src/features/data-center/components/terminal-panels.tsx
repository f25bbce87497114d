import type { ChartPoint } from '@factory/contracts';
import { useMemo } from 'react';
import { usePadCount } from '../api/get-pad-count';
import { usePdaCount } from '../api/get-pda-count';
import { useProductionTop } from '../api/get-production-top';
import { DASHBOARD_COLORS, productionTopOption, terminalRingOption } from '../dashboard-options';
import { countText, shown } from '../dashboard-view';
import { EChart } from '../../../components/echart';
import { DashboardPanel } from './dashboard-panel';

/** 生产 TOP5: the five products made most (seed 000 §7 production_top). */
export function ProductionTopPanel() {
  const top = shown(useProductionTop());
  const option = useMemo(() => productionTopOption(top ?? []), [top]);
  return (
    <DashboardPanel title="生产 TOP5" area="top">
      <EChart className="dashboard-chart" title="生产 TOP5" option={option} empty={!top?.length} />
    </DashboardPanel>
  );
}

/** 终端状态: handhelds and PADs by state, a ring each with its total. */
export function TerminalPanel() {
  const pda = shown(usePdaCount());
  const pad = shown(usePadCount());
  return (
    <DashboardPanel title="终端状态" area="terminals">
      <div className="dc-terminals">
        <TerminalRing title="PDA 手持机" counts={pda} />
        <TerminalRing title="PAD 平板" counts={pad} />
      </div>
    </DashboardPanel>
  );
}

function TerminalRing({ title, counts }: { title: string; counts: ChartPoint[] | null }) {
  const option = useMemo(() => terminalRingOption(counts ?? [], title), [counts, title]);
  const states = counts ?? [];
  const total = states.reduce((sum, point) => sum + point.yVal, 0);
  return (
    <div className="dc-terminal" role="group" aria-label={title}>
      <h3 className="dc-subtitle">
        {title}
        <span className="dc-terminal__total">
          共 <strong>{countText(total)}</strong> 台
        </span>
      </h3>
      <div className="dc-terminal__chart">
        {/* a ring of nothing but zeros would be drawn as equal slices */}
        <EChart className="dashboard-chart" title={`${title}状态分布`} option={option} empty={total === 0} />
      </div>
      {states.length > 0 && (
        <ul className="dc-terminal__states" aria-label={`${title}各状态数量`}>
          {states.map((state, index) => (
            <li key={state.xVal}>
              <span
                className="dc-terminal__swatch"
                style={{ background: DASHBOARD_COLORS.palette[index % DASHBOARD_COLORS.palette.length] }}
              />
              <span className="dc-terminal__state">{state.xVal}</span>
              <span className="dc-terminal__count">{countText(state.yVal)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
