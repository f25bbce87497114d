import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AnswerIn, STATION_ENDPOINTS as STATION, STOCK_STATION_ENDPOINTS as PDA } from '@factory/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { PdaClient } from './pda-client.js';
import { StationRefusal } from './station-client.js';

type Reply = [number, unknown] | 'cut';

const ok = (data: unknown): Reply => [200, { code: 1, data, errorMsg: null }];
const refuse = (status: number, message: string): Reply => [status, { code: 0, data: null, errorMsg: message }];
const identity: AnswerIn<typeof STATION.stationLogin> = {
  token: 'T1',
  terminal: { id: 7, code: 'SIM-PDA-01', name: '成品仓手持1号', terminalType: 'PDA' },
  user: { id: 3, userName: 'zhijian@admin' },
};
const stocked: AnswerIn<typeof PDA.stationStockIn> = {
  stockBatchId: 1,
  batchNo: 'RK20250101-001',
  count: 1,
  unit: { produceCode: 'A000000001', sn: 'SN0001000001', productNumber: 'GW_100_PRO' },
};

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

/** A station API on a port: sign-in answers, every other call goes to `reply` with its body. */
async function pdaServer(reply: (path: string, body: Record<string, unknown>) => Reply) {
  const bodies: { path: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      bodies.push({ path, body });
      const answer = path === STATION.stationLogin.path ? ok(identity) : reply(path, body);
      if (answer === 'cut') return void request.socket.destroy();
      response.writeHead(answer[0], { 'Content-Type': 'application/json' }).end(JSON.stringify(answer[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const client = new PdaClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, backoffMs: 10, maxBackoffMs: 40 });
  await client.login('SIM-PDA-01', 'zhijian@admin', 'Check12345');
  return { client, sent: (path: string) => bodies.filter((entry) => entry.path === path).map((entry) => entry.body) };
}

describe('PDA client', () => {
  it('resends a scan cut off or answered 5xx with the same clientId until answered', async () => {
    let attempt = 0;
    const { client, sent } = await pdaServer(() => {
      attempt += 1;
      if (attempt === 1) return 'cut';
      if (attempt === 2) return refuse(503, '服务器异常，请稍后重试');
      return ok(stocked);
    });
    const answer = await client.stockIn('A000000001', 'scan-1');
    expect(answer).toEqual(stocked);
    expect(sent(PDA.stationStockIn.path)).toEqual([
      { code: 'A000000001', clientId: 'scan-1' },
      { code: 'A000000001', clientId: 'scan-1' },
      { code: 'A000000001', clientId: 'scan-1' },
    ]);
    expect(client.retries).toBe(2);
  });

  it('throws a refusal with the server\'s status and message, and sends it once', async () => {
    const { client, sent } = await pdaServer(() => refuse(409, '设备 A000000001 所在批次 RK20250101-001 抽检不合格，不能出库'));
    const refusal = await client.stockOut('A000000001', 'scan-2').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StationRefusal);
    expect(refusal).toMatchObject({ status: 409, message: '设备 A000000001 所在批次 RK20250101-001 抽检不合格，不能出库' });
    expect(sent(PDA.stationStockOut.path)).toHaveLength(1);
  });

  it('sends a spot check with its verdict, defect note and clientId', async () => {
    const { client, sent } = await pdaServer(() => refuse(409, '批次 RK20250101-001 已判定为不合格，无需继续抽检'));
    await expect(client.spotCheck({ batchNo: 'RK20250101-001', code: 'A000000002', pass: false, defect: '外壳划伤' }, 'scan-3')).rejects.toThrow(StationRefusal);
    expect(sent(PDA.stationSpotCheckResult.path)).toEqual([{ batchNo: 'RK20250101-001', code: 'A000000002', pass: false, defect: '外壳划伤', clientId: 'scan-3' }]);
  });
});
