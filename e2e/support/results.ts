import type { StationVerdict } from '@factory/contracts';
import { expect } from 'vitest';
import type { Simulation } from '../../packages/simulator/src/index.js';

/** A stored result row as the exactly-once check reads it. */
export interface StoredResult {
  id: number;
  clientResultId: string;
  status: string;
}

/**
 * Exactly once after a server was killed mid-run (the durability and two-process tests): no station
 * has a submission left pending, every acknowledged result is stored under the id and status its
 * verdict named, and nothing else is. Answers how many results were acknowledged.
 */
export function expectAcknowledgedStoredOnce(simulation: Simulation, stored: readonly StoredResult[]): number {
  const verdicts = new Map<string, StationVerdict>();
  for (const client of simulation.clients) {
    expect(client.pending.size).toBe(0);
    for (const [id, verdict] of client.acknowledged) verdicts.set(id, verdict);
  }
  const byClientId = new Map(stored.map((row) => [row.clientResultId, row]));
  expect(byClientId.size).toBe(stored.length);
  expect(stored.length).toBe(verdicts.size);
  for (const [clientResultId, verdict] of verdicts) {
    const row = byClientId.get(clientResultId);
    expect(row, clientResultId).toBeDefined();
    expect(row!.id).toBe(verdict.resultId);
    expect(row!.status).toBe(verdict.status);
  }
  return verdicts.size;
}
