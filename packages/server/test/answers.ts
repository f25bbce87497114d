import type { Envelope } from '@factory/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { dbOf } from './session-helpers.js';

/** The summary and target of the latest successful call of a route in the operation log. */
export function lastSuccessLog(app: FastifyInstance, route: string) {
  return dbOf(app)
    .selectFrom('operation_log')
    .select(['summary', 'targetId'])
    .where('route', '=', route)
    .where('statusCode', '=', 200)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The summary of the latest call of a route in the operation log, refused or not. */
export async function lastLog(app: FastifyInstance, route: string): Promise<string | undefined> {
  const row = await dbOf(app)
    .selectFrom('operation_log')
    .select('summary')
    .where('route', '=', route)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.summary;
}

/** The data of a successful answer (fails the test with the answer otherwise). */
export function dataOf<T>(response: LightMyRequestResponse): T {
  const body = response.json<Envelope<T>>();
  expect({ status: response.statusCode, errorMsg: body.errorMsg }).toEqual({ status: 200, errorMsg: null });
  return body.data;
}

/** A refusal with this status and message. */
export function expectRefusal(response: LightMyRequestResponse, status: number, errorMsg: string): void {
  expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { code: 0, data: null, errorMsg } });
}
