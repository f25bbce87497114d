import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { MSG, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../test/test-app.js';

const envelopeOf = (errorMsg: string) => ({ code: 0, data: null, errorMsg });

function expectEnvelope(response: LightMyRequestResponse, status: number, errorMsg: string, what: string): void {
  expect(response.statusCode, what).toBe(status);
  expect(response.headers['content-type'], what).toContain('application/json');
  expect(response.json(), what).toEqual(envelopeOf(errorMsg));
}

/** Sends raw bytes to the server and answers what came back, for requests no HTTP client would send. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe.each(testDialects())('every /api answer is the envelope, routing errors included, on %s', (dialect) => {
  const t = withTestApp(dialect);

  it('answers a url that does not decode with the 400 envelope', async () => {
    for (const url of [`${PATHS.file}/%`, `${PATHS.file}/%ff`, `${PATHS.file}/%E0%A4%A`, '/api/nope/%ff']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectEnvelope(response, 400, MSG.invalidInput, url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // HEAD answers the status without a body.
    expect((await t.app.inject({ method: 'HEAD', url: `${PATHS.file}/%ff` })).statusCode).toBe(400);
  });

  it('answers a path parameter past the router’s limit with the 414 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${PATHS.file}/${'a'.repeat(101)}` });
    expectEnvelope(response, 414, MSG.urlTooLong, 'long key');
    // At the limit the route is reached, and an unknown key is simply not found.
    expect((await t.app.inject({ method: 'GET', url: `${PATHS.file}/${'a'.repeat(100)}` })).statusCode).toBe(404);
  });

  it('answers unknown paths and methods with the 404 envelope', async () => {
    const cases: [string, string][] = [
      ['GET', '/api/nope?x=%ff'],
      ['DELETE', PATHS.login],
      ['PUT', PATHS.menuTree],
      ['PATCH', '/api/user/getList'],
      ['OPTIONS', PATHS.login],
      ['POST', PATHS.menuTree],
    ];
    for (const [method, url] of cases) {
      const response = await t.app.inject({ method: method as 'GET', url, headers: bearer(t.admin) });
      expectEnvelope(response, 404, MSG.apiNotFound, `${method} ${url}`);
    }
  });

  it('answers bodies it cannot take with the envelope: too large, wrong type, malformed, empty', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"${'a'.repeat(10 * 1024 * 1024)}"}`,
    });
    expectEnvelope(big, 413, MSG.payloadTooLarge, 'body over the limit');

    const cases: [Record<string, string>, string, number][] = [
      [{ 'content-type': 'application/xml' }, '<a/>', 415],
      // Fastify reads text/plain as a string, which no body schema takes.
      [{ 'content-type': 'text/plain' }, 'hello', 400],
      [{ 'content-type': 'application/json; charset=utf-16' }, '{}', 400],
      [{ 'content-type': 'application/json' }, '{"username":', 400],
      [{ 'content-type': 'application/json' }, '', 400],
      [{ 'content-type': 'application/json' }, '{"__proto__":{"x":1}}', 400],
      [{ 'content-type': 'multipart/form-data' }, 'no boundary', 400],
    ];
    for (const [headers, payload, status] of cases) {
      const response = await t.app.inject({ method: 'POST', url: PATHS.login, headers, payload });
      expect(response.statusCode, `${headers['content-type']} ${payload}`).toBe(status);
      expect(response.json(), `${headers['content-type']} ${payload}`).toMatchObject({ code: 0, data: null });
    }
  });

  it('answers requests the HTTP parser refuses with the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const answers = [
      await rawExchange(port, 'GET /api/nope HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      await rawExchange(port, `GET /api/menu/getMenuTree HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    ];
    expect(answers.map((answer) => answer.split(' ')[1])).toEqual(['400', '431']);
    for (const answer of answers) {
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual(envelopeOf(MSG.invalidInput));
      expect(answer.toLowerCase()).toContain('content-type: application/json');
    }
  });
});
