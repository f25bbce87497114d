import fs from 'node:fs';
import { Readable } from 'node:stream';
import { type DocumentItem, type Envelope, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type FilePart, multipartBody, tinyPdf, uniqueBytes } from '../../../test/factories/index.js';
import { bearer, dbOf } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';

/**
 * Identical bytes share one blob on disk. Requests that carry the same bytes at
 * once (some accepted, some refused after the bytes were received, some deleting
 * an earlier copy) must never leave a committed row without its blob: issue 12,
 * finding 3 (PostgreSQL lost the file in 27 of 30 rounds).
 */
describe.each(testDialects())('the file store under concurrent identical uploads on %s', (dialect) => {
  const t = withTestApp(dialect);


  async function send(url: string, files: FilePart[]): Promise<LightMyRequestResponse> {
    const { payload, headers } = await multipartBody(files);
    // Sent in small pieces, a turn of the event loop apart, as a network delivers
    // them: the requests' parts interleave instead of each arriving whole.
    const pieces = async function* () {
      for (let at = 0; at < payload.length; at += 512) {
        await new Promise((resolve) => setImmediate(resolve));
        yield payload.subarray(at, at + 512);
      }
    };
    return t.app.inject({ method: 'POST', url, payload: Readable.from(pieces()), headers: { ...headers, ...bearer(t.admin) } });
  }

  const ROUNDS = 8;
  const ACCEPTED = 6;
  const REFUSED = 6;

  it('keeps the blob of every committed row, whatever the refused and deleting requests do', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const content = tinyPdf(`shared bytes of round ${round}`);
      const others = (label: string, count: number): FilePart[] =>
        Array.from({ length: count }, (_, n) => ({ field: 'files', filename: `other-${n}.txt`, content: uniqueBytes(300, `${label} ${n}`) }));
      const part = (filename: string): FilePart => ({ field: 'files', filename, content, contentType: 'application/pdf' });
      // A document of the same bytes, deleted while the others arrive: its blob may go only with its last row.
      const earlier = await send(`${PATHS.documentUpload}?type=USER_DOC`, [{ ...part('earlier.pdf'), field: 'file' }]);
      const earlierId = earlier.json<Envelope<DocumentItem>>().data.id;
      const lastRow = await dbOf(t.app).selectFrom('stored_file').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();

      const requests: Promise<LightMyRequestResponse>[] = [];
      for (let i = 0; i < Math.max(ACCEPTED, REFUSED); i += 1) {
        // The shared bytes first, then files of their own: ten files are accepted, an
        // eleventh passes the multipart limit (413) after the shared blob arrived.
        if (i < ACCEPTED) requests.push(send(PATHS.fileUpload, [part(`accepted-${i}.pdf`), ...others(`accepted ${round} ${i}`, 9)]));
        if (i < REFUSED) requests.push(send(PATHS.fileUpload, [part(`refused-${i}.pdf`), ...others(`refused ${round} ${i}`, 10)]));
        if (i === 0) requests.push(t.app.inject({ method: 'POST', url: PATHS.documentDelete, payload: { id: earlierId }, headers: bearer(t.admin) }));
      }
      const responses = await Promise.all(requests);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(ACCEPTED + 1);
      expect(statuses.filter((status) => status === 413)).toHaveLength(REFUSED);

      // Every row this round committed (the accepted uploads': the refused and the deleted left none).
      const rows = await dbOf(t.app).selectFrom('stored_file').select(['fileKey', 'sha256']).where('id', '>', Number(lastRow.id)).execute();
      expect(rows).toHaveLength(ACCEPTED * 10);
      for (const row of rows) {
        expect(fs.existsSync(blobPath(t.config.filesDir, row.sha256)), `round ${round}: blob of ${row.fileKey}`).toBe(true);
        const served = await t.app.inject({ method: 'GET', url: `${PATHS.file}/${row.fileKey}` });
        expect(served.statusCode, `round ${round}: GET ${row.fileKey}`).toBe(200);
      }
      const accepted = responses.filter((response) => response.statusCode === 200 && Array.isArray(response.json().data));
      for (const response of accepted) {
        const served = await t.app.inject({ method: 'GET', url: response.json<Envelope<string[]>>().data[0]! });
        expect(served.rawPayload.equals(content)).toBe(true);
      }
    }
  });
});
