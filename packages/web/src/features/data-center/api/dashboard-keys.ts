import { DATA_CENTER_REFRESH_SECONDS, type TimeType } from '@factory/contracts';

export type DashboardCall = keyof typeof DATA_CENTER_REFRESH_SECONDS;

/** How often each call of the dashboard refreshes, in ms (seed 000 §7's table). */
export const refreshMsOf = (call: DashboardCall): number => DATA_CENTER_REFRESH_SECONDS[call] * 1000;

/**
 * A call's query timing: asked again every period, and an answer counts as fresh
 * for that period, so switching the trend back or returning to the page shows
 * what is held instead of asking again.
 */
export const refreshOf = (call: DashboardCall) => ({ refetchInterval: refreshMsOf(call), staleTime: refreshMsOf(call) });

/**
 * Query keys of the dashboard. The production counts that move with every
 * station result sit under `live`, which a live event invalidates: today's,
 * the month's and the total, the products' ranking (which adds up to the total)
 * and the output trend (whose last day is today's), so that figures naming the
 * same units move together (issue 13: 累计产量 read 1,341 beside 累计产出 1,317,
 * twelve hours apart), and the stock figures with their pass rate. The rest keep the
 * periods of the refresh table.
 */
export const dashboardKeys = {
  all: ['dataCenter'] as const,
  live: () => [...dashboardKeys.all, 'live'] as const,
  realTimeInput: () => [...dashboardKeys.live(), 'realTimeInput'] as const,
  deviceAverage: () => [...dashboardKeys.live(), 'deviceAverage'] as const,
  // Stock movements at a PDA are published as live events too (issue 15): the spot-check and
  // stock figures and 抽检合格率 move with them instead of waiting for their 3- and 6-hour periods.
  statisticInfo: () => [...dashboardKeys.live(), 'statisticInfo'] as const,
  devOutput: () => [...dashboardKeys.all, 'devOutput'] as const,
  productionTop: () => [...dashboardKeys.live(), 'productionTop'] as const,
  pdaCount: () => [...dashboardKeys.all, 'pdaCount'] as const,
  padCount: () => [...dashboardKeys.all, 'padCount'] as const,
  taskCount: () => [...dashboardKeys.live(), 'taskCount'] as const,
  deviceProductivity: (timeType: TimeType) => [...dashboardKeys.live(), 'deviceProductivity', timeType] as const,
  deviceOnePass: (timeType: TimeType) => [...dashboardKeys.all, 'deviceOnePass', timeType] as const,
};
