import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AnswerIn, AnswerMismatch, STATION_ENDPOINTS as STATION } from '@factory/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { StationClient, type StationResult } from './station-client.js';

/** What a test server does with one request: answer [status, envelope], or cut the connection. */
type Reply = [number, unknown] | 'cut';

interface FakeServer {
  url: string;
  port: number;
  bodies: Record<string, unknown>[];
  close(): Promise<void>;
}

async function fakeServer(reply: (path: string, body: Record<string, unknown>, count: number) => Reply, port = 0): Promise<FakeServer> {
  const bodies: Record<string, unknown>[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      bodies.push({ path: request.url, ...body });
      const answer = reply(request.url ?? '', body, bodies.length);
      if (answer === 'cut') return void request.socket.destroy();
      response.writeHead(answer[0], { 'Content-Type': 'application/json' }).end(JSON.stringify(answer[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const ok = (data: unknown): Reply => [200, { code: 1, data, errorMsg: null }];
const refuse = (status: number, message: string): Reply => [status, { code: 0, data: null, errorMsg: message }];
const identity: AnswerIn<typeof STATION.stationLogin> = { token: 'T1', terminal: { id: 1, code: 'PAD-1', name: '一号', terminalType: 'PAD' }, user: { id: 2, userName: 'op01@admin' } };
const login = ok(identity);
const verdict = (clientResultId: unknown) =>
  ok({ resultId: 1, clientResultId: String(clientResultId), productionCode: 'A000000001', status: 'TEST_SUCCESS', items: [], manual: [], deviceStatus: null, createTime: '2025-01-01 08:00:00' } satisfies AnswerIn<typeof STATION.stationResult>);

const result: StationResult = { productionCode: 'A000000001', startTime: 1, endTime: 2, autoValues: [], manualResults: [] };

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function signedIn(reply: Parameters<typeof fakeServer>[0]) {
  const server = await fakeServer((path, body, count) => (path === STATION.stationLogin.path ? login : reply(path, body, count)));
  servers.push(server);
  const client = new StationClient({ baseUrl: server.url, backoffMs: 10, maxBackoffMs: 40 });
  await client.login('PAD-1', 'op01@admin', 'Station123');
  return { server, client };
}

const submissions = (server: FakeServer) => server.bodies.filter((body) => body.path === STATION.stationResult.path);

describe('station client', () => {
  it('retries a 5xx and a cut connection with the same clientResultId until the verdict arrives', async () => {
    let seen = 0;
    const { server, client } = await signedIn((_path, body) => {
      seen += 1;
      if (seen === 1) return refuse(503, '服务器异常，请稍后重试');
      if (seen === 2) return 'cut';
      return verdict(body.clientResultId);
    });
    const outcome = await client.submit(result);
    expect(outcome.ok).toBe(true);
    const ids = submissions(server).map((body) => body.clientResultId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(outcome.ok && outcome.attempts).toBe(3);
    expect(client.acknowledged.has(String(ids[0]))).toBe(true);
    expect(client.pending.size).toBe(0);
  });

  it('never retries a refusal (4xx) and reports its message', async () => {
    const { server, client } = await signedIn(() => refuse(400, '该设备尚未通过上一流程：上电检测'));
    const outcome = await client.submit(result);
    expect(outcome).toMatchObject({ ok: false, status: 400, message: '该设备尚未通过上一流程：上电检测' });
    expect(submissions(server)).toHaveLength(1);
    expect(client.acknowledged.size).toBe(0);
  });

  it('signs in again after a 401 and resends the same result', async () => {
    const { server, client } = await signedIn((_path, body, count) => (count === 2 ? refuse(401, '终端登录已失效，请重新登录') : verdict(body.clientResultId)));
    const outcome = await client.submit(result);
    expect(outcome.ok).toBe(true);
    expect(server.bodies.map((body) => body.path)).toEqual([STATION.stationLogin.path, STATION.stationResult.path, STATION.stationLogin.path, STATION.stationResult.path]);
    const ids = submissions(server).map((body) => body.clientResultId);
    expect(ids[0]).toBe(ids[1]);
  });

  it('waits out a server that is down and sends once it is back', async () => {
    const first = await signedIn((_path, body) => verdict(body.clientResultId));
    const port = first.server.port;
    await first.server.close();
    servers = [];
    const submitted = first.client.submit(result);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(first.client.pending.size).toBe(1);
    const again = await fakeServer((_path, body) => verdict(body.clientResultId), port);
    servers.push(again);
    const outcome = await submitted;
    expect(outcome.ok).toBe(true);
    expect(first.client.retries).toBeGreaterThan(0);
    expect(first.client.pending.size).toBe(0);
  });

  it('checks the sign-in and the assignment against their contracts', async () => {
    const drifted = await fakeServer((path) => (path === STATION.stationLogin.path ? ok({ ...identity, token: undefined }) : ok(null)));
    servers.push(drifted);
    const client = new StationClient({ baseUrl: drifted.url, backoffMs: 10, maxBackoffMs: 20 });
    await expect(client.login('PAD-1', 'op01@admin', 'Station123')).rejects.toThrow(AnswerMismatch);

    const { client: signed } = await signedIn((path) => (path === STATION.stationAssignment.path ? ok({ taskId: 'five' }) : ok(null)));
    await expect(signed.assignment()).rejects.toThrow(AnswerMismatch);
  });

  it('gives up when aborted and keeps the result listed as in doubt', async () => {
    const controller = new AbortController();
    const server = await fakeServer((path) => (path === STATION.stationLogin.path ? login : refuse(503, 'down')));
    servers.push(server);
    const client = new StationClient({ baseUrl: server.url, backoffMs: 10, maxBackoffMs: 20, signal: controller.signal });
    await client.login('PAD-1', 'op01@admin', 'Station123');
    const submitted = client.submit(result, 'fixed-id');
    setTimeout(() => controller.abort(new Error('stop')), 100);
    await expect(submitted).rejects.toThrow('stop');
    expect([...client.pending.keys()]).toEqual(['fixed-id']);
  });
});
