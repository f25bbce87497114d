import { PATHS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/platform/password.js';
import { ADMIN_PASSWORD, type TestContext } from '../test-app.js';
import { loginAsAdmin } from '../session-helpers.js';
import type { World } from './fixtures.js';
import { checkEnvelope, send, wire } from './http.js';
import { anonymousCases, defaultBody, type FuzzCase, fullCases } from './mutations.js';
import { excerpt, type Failure } from './report.js';
import { lookupsOf, resolverFor } from './resolve.js';
import { baseInput, byRisk, type OpenApiDocument, type RouteShape, shapeOf } from './route-shapes.js';
import { openApiPath, type RouteInfo } from './route-table.js';
import { type Counts, differences, rowCounts, tablesOf } from './row-counts.js';

/** A small, fast, seeded generator (mulberry32): the same seed, the same run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

export const CHECKS = {
  serverError: 'answered 5xx',
  envelope: 'answer is not the envelope {code, data, errorMsg}',
  acceptedMalformed: 'accepted a malformed value (2xx where a 4xx is due)',
  anonymous: 'anonymous call to a session route not refused with 401',
  rowsChanged: 'refused (4xx) but changed rows or files',
  noAnswer: 'no answer within 10 s',
  plausibleRefused: 'the plausible input the mutations start from was refused (400): those mutations prove little',
} as const;
export type Check = keyof typeof CHECKS;

export interface FuzzRun {
  requests: number;
  failures: Record<Check, Failure[]>;
  /** what the run had to repair on the way (a session a fuzzed call ended) */
  notes: string[];
  ms: number;
}

/** Who sends a route's full set: the station API answers to a station session, public routes to anyone. */
type Caller = 'admin' | 'station' | 'anonymous';

function fullCaller(route: RouteInfo): Caller {
  if (route.url.startsWith('/api/station/') && route.url !== PATHS.stationLogin) return 'station';
  return route.permission?.kind === 'public' ? 'anonymous' : 'admin';
}

/** The parts-check station calls (PAD APP → 配件检测): a PAD on a DTU task answers them. */
const DTU_STATION_PREFIX = '/api/station/dtu/';

/** Sign-in is fuzzed with a user name that does not exist (no real account gets locked out): its plausible input is refused. */
const SIGN_IN = new Set<string>([PATHS.login, PATHS.stationLogin]);

/**
 * At most this many requests per route and caller: today every case of the
 * largest route (flow/edit, about 210) fits; a route that outgrows it is sampled
 * with the seed and named in the run's notes.
 */
const MAX_CASES_PER_ROUTE = 250;

export async function runFuzz(t: TestContext, routes: readonly RouteInfo[], document: OpenApiDocument, world: World, seed: number): Promise<FuzzRun> {
  const started = performance.now();
  const { app, config } = t;
  const db = app.db.kysely;
  const random = seededRandom(seed);
  const lookups = await lookupsOf(db);
  const tables = await tablesOf(db, app.db.dialect);
  const failures: Record<Check, Failure[]> = { serverError: [], envelope: [], acceptedMalformed: [], anonymous: [], rowsChanged: [], noAnswer: [], plausibleRefused: [] };
  const notes: string[] = [];
  const tokens: Record<Caller, string | null> = { admin: world.adminToken, station: world.stationToken, anonymous: null };
  let requests = 0;

  const shapes = routes
    .map((route) => {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      return operation ? shapeOf(route, operation) : null;
    })
    .filter((shape): shape is RouteShape => shape !== null)
    .sort(byRisk);

  for (const shape of shapes) {
    const base = baseInput(shape, resolverFor(shape, world.adminIds, world, lookups));
    const caller = fullCaller(shape.route);
    // The plausible input itself goes last: it may succeed, and a delete would take the row away.
    const plausible: FuzzCase = { where: '-', what: 'plausible input', mustRefuse: false, input: base, body: defaultBody(shape, base) };
    const all = fullCases(shape, base);
    if (all.length > MAX_CASES_PER_ROUTE) notes.push(`${shape.key}: ${all.length} cases, ${MAX_CASES_PER_ROUTE} sampled`);
    const batches: [Caller, FuzzCase[]][] = [[caller, [...shuffled(all, random).slice(0, MAX_CASES_PER_ROUTE), plausible]]];
    if (caller !== 'anonymous') batches.push(['anonymous', anonymousCases(shape, base)]);
    for (const [who, cases] of batches) {
      let before: Counts | null = null;
      for (const fuzz of cases) {
        const writes = shape.method !== 'GET';
        if (writes && !before) before = await rowCounts(db, config.filesDir, tables);
        // the parts-check calls go to the PAD of a DTU task, the other station calls to a production PAD
        const token = who === 'station' && shape.url.startsWith(DTU_STATION_PREFIX) ? world.dtuStationToken : tokens[who];
        const answer = await send(app, wire(shape, fuzz.input, fuzz.body, token, fuzz.rawQuery));
        requests += 1;
        const shown = excerpt(answer.body, 120, answer.contentType);
        const failure = (detail: string): Failure => ({ route: shape.key, caller: who, where: fuzz.where, what: fuzz.what, status: answer.status, detail });
        if (answer.hung) {
          failures.noAnswer.push(failure('(no answer)'));
          before = null;
          continue;
        }
        if (fuzz === plausible && answer.status === 400 && !SIGN_IN.has(shape.url)) failures.plausibleRefused.push(failure(shown));
        if (answer.status >= 500) failures.serverError.push(failure(shown));
        const envelope = checkEnvelope(answer, shape.answersJson);
        if (!envelope.ok) failures.envelope.push(failure(`${envelope.why}: ${excerpt(answer.body, 60, answer.contentType)}`));
        // The station API is public to the console's guard and guarded by the station's own.
        const needsSession = who === 'anonymous' && (shape.route.permission?.kind !== 'public' || caller === 'station');
        if (needsSession && answer.status !== 401) failures.anonymous.push(failure(shown));
        if (fuzz.mustRefuse && answer.status < 400) failures.acceptedMalformed.push(failure(shown));
        if (writes) {
          const after = await rowCounts(db, config.filesDir, tables);
          const changed = differences(before!, after);
          if (answer.status >= 400 && answer.status < 500 && changed.length > 0) failures.rowsChanged.push(failure(changed.join(', ')));
          before = after;
          if (answer.status < 300 && (await repairSessions(app, world, tokens, notes, shape.key))) before = null;
        }
      }
    }
  }
  return { requests, failures, notes, ms: performance.now() - started };
}

/**
 * A fuzzed write that succeeded may have ended a session this run needs (a
 * logout, a password change, an account stopped by a coerced id): check both
 * sessions and sign in again where needed. True when anything was repaired.
 */
async function repairSessions(
  app: FastifyInstance,
  world: World,
  tokens: Record<Caller, string | null>,
  notes: string[],
  route: string,
): Promise<boolean> {
  const db = app.db.kysely;
  let repaired = false;
  const works = async (url: string, token: string | null) =>
    token !== null && (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode === 200;
  if (!(await works(PATHS.productionLineOptions, tokens.admin))) {
    await db
      .updateTable('account')
      .set({ status: 1, mustChangePassword: 0, passwordHash: await hashPassword(ADMIN_PASSWORD) })
      .where('userName', '=', 'admin')
      .execute();
    tokens.admin = (await loginAsAdmin(app)).token;
    notes.push(`after ${route}: the administrator's session had ended; signed in again`);
    repaired = true;
  }
  if (!(await works(PATHS.stationAssignment, tokens.station))) {
    await db.updateTable('account').set({ status: 1 }).where('userName', '=', world.stationWorker.userName).execute();
    const response = await app.inject({
      method: 'POST',
      url: PATHS.stationLogin,
      payload: { terminalCode: world.stationTerminalCode, username: world.stationWorker.userName, password: world.stationWorker.password },
    });
    const body = response.json<{ data?: { token?: string } }>();
    tokens.station = body.data?.token ?? null;
    notes.push(`after ${route}: the station's session had ended; ${tokens.station ? 'signed in again' : `could not sign in again (${response.statusCode})`}`);
    repaired = true;
  }
  return repaired;
}
