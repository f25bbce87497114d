import { type Envelope, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipartBody, tinyPdf } from '../../test/factories/index.js';
import { bearer } from '../../test/session-helpers.js';
import { fakeConsoleDir, testDialects, withTestApp } from '../../test/test-app.js';

/** The directives of a Content-Security-Policy header, by name. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe.each(testDialects())('security headers on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { consoleDir: fakeConsoleDir() } });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends the pages, their assets and the API documentation under a policy that no frame may hold', async () => {
    for (const url of ['/', '/login', '/dataCenter', '/station', '/station/work/3', '/assets/app-1234.js', `${PATHS.docs}/`, `${PATHS.docs}/json`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const policy = policyOf(response);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      // Script only from the server's own files: no inline script, no eval.
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['script-src-attr'], url).toEqual(["'none'"]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['frame-src'], url).toEqual(["'self'"]);
      expect(policy['connect-src'], url).toEqual(["'self'"]);
      // Factories serve plain HTTP: the browser must not be sent to HTTPS.
      expect(policy['upgrade-insecure-requests'], url).toBeUndefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends the same headers with every API answer, refusals included', async () => {
    const answers = [
      await get(PATHS.menuTree, bearer(t.admin)),
      await get(PATHS.menuTree),
      await get('/api/nope'),
      await t.app.inject({ method: 'POST', url: PATHS.login, payload: {} }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 401, 404, 400]);
    for (const response of answers) {
      expect(policyOf(response)['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('lets the console and the station app, and only they, frame a stored file', async () => {
    const { payload, headers } = await multipartBody([{ field: 'files', filename: '作业指导书.pdf', content: tinyPdf('framed') }]);
    const upload = await t.app.inject({ method: 'POST', url: PATHS.fileUpload, payload, headers: { ...headers, ...bearer(t.admin) } });
    expect(upload.statusCode, upload.body).toBe(200);
    const [url] = upload.json<Envelope<string[]>>().data;

    const pdf = await get(url!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const policy = policyOf(pdf);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['referrer-policy']).toBe('no-referrer');

    const svg = await multipartBody([{ field: 'files', filename: 'logo.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }]);
    const svgUpload = await t.app.inject({ method: 'POST', url: PATHS.fileUpload, payload: svg.payload, headers: { ...svg.headers, ...bearer(t.admin) } });
    const image = await get(svgUpload.json<Envelope<string[]>>().data[0]!);
    // The file route's sandbox still replaces the policy of anything a browser could run; framing stays same-origin.
    expect(policyOf(image).sandbox).toEqual([]);
    expect(image.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
