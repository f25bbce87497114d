import type { StationAssignment, StationItem } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';
import { itemsOfFlow, manualItemsOfFlow } from './station.repository.js';
import { toStationItem } from './station.service.js';

export interface FlowChecks {
  items: StationItem[];
  manualItems: NonNullable<StationAssignment>['manualItems'];
}

// A few hundred flows run at once in a big factory; past that the cache starts afresh.
const LIMIT = 500;

/**
 * The checks of a task flow, kept in memory by flow id. Safe with several
 * processes (DESIGN.md §1): a snapshot's items are written once with their flow
 * and never updated, only deleted with it, and ids are never reused (AUTOINCREMENT,
 * serial), so every process holds the same rows. Reading them per result was two
 * queries and a JSON parse per item on the hottest path.
 */
export function flowChecksCache() {
  const cache = new Map<number, FlowChecks>();
  return async (db: Kysely<Database>, flowId: number): Promise<FlowChecks> => {
    const known = cache.get(flowId);
    if (known) return known;
    const checks = { items: (await itemsOfFlow(db, flowId)).map(toStationItem), manualItems: await manualItemsOfFlow(db, flowId) };
    if (cache.size >= LIMIT) cache.clear();
    cache.set(flowId, checks);
    return checks;
  };
}
export type FlowChecksOf = ReturnType<typeof flowChecksCache>;
