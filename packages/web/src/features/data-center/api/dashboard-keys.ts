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
 * Query keys of the dashboard. The production counters that move with every
 * station result sit under `live`, which a live event invalidates; the hourly
 * and daily figures keep the periods of the refresh table.
 */
export const dashboardKeys = {
  all: ['dataCenter'] as const,
  live: () => [...dashboardKeys.all, 'live'] as const,
  realTimeInput: () => [...dashboardKeys.live(), 'realTimeInput'] as const,
  deviceAverage: () => [...dashboardKeys.live(), 'deviceAverage'] as const,
  statisticInfo: () => [...dashboardKeys.all, 'statisticInfo'] as const,
  devOutput: () => [...dashboardKeys.all, 'devOutput'] as const,
  productionTop: () => [...dashboardKeys.all, 'productionTop'] as const,
  pdaCount: () => [...dashboardKeys.all, 'pdaCount'] as const,
  padCount: () => [...dashboardKeys.all, 'padCount'] as const,
  taskCount: () => [...dashboardKeys.all, 'taskCount'] as const,
  deviceProductivity: (timeType: TimeType) => [...dashboardKeys.all, 'deviceProductivity', timeType] as const,
  deviceOnePass: (timeType: TimeType) => [...dashboardKeys.all, 'deviceOnePass', timeType] as const,
};
