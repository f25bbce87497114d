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
 * twelve hours apart). The rest keep the periods of the refresh table.
 */
export const dashboardKeys = {
  all: ['dataCenter'] as const,
  live: () => [...dashboardKeys.all, 'live'] as const,
  realTimeInput: () => [...dashboardKeys.live(), 'realTimeInput'] as const,
  deviceAverage: () => [...dashboardKeys.live(), 'deviceAverage'] as const,
  statisticInfo: () => [...dashboardKeys.all, 'statisticInfo'] as const,
  devOutput: () => [...dashboardKeys.all, 'devOutput'] as const,
  productionTop: () => [...dashboardKeys.live(), 'productionTop'] as const,
  pdaCount: () => [...dashboardKeys.all, 'pdaCount'] as const,
  padCount: () => [...dashboardKeys.all, 'padCount'] as const,
  taskCount: () => [...dashboardKeys.all, 'taskCount'] as const,
  deviceProductivity: (timeType: TimeType) => [...dashboardKeys.live(), 'deviceProductivity', timeType] as const,
  deviceOnePass: (timeType: TimeType) => [...dashboardKeys.all, 'deviceOnePass', timeType] as const,
};
