import type { AddressInfo } from 'node:net';
import { type Envelope, PATHS, type StreamTicket } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dtuSubmissionApi } from '../../../test/dtu-submission-api.js';
import { openEventStream } from '../../../test/event-stream.js';
import { bearer } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/* A submit tells the task's live stream (its progress page shows the units' submit status); a refused one does not. */
describe.each(testDialects())('live event of a DTU submit on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSubmissionApi(t);
  let base: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const openStream = async (taskId: number) => {
    const answer = await t.app.inject({ method: 'POST', url: PATHS.dtuTaskEventsTicket, headers: bearer(t.admin), payload: {} });
    const { ticket } = answer.json<Envelope<StreamTicket>>().data;
    const stream = openEventStream(`${base}${PATHS.dtuTaskEvents}?taskId=${taskId}&ticket=${ticket}`);
    expect(await stream.opened).toBe(200);
    return stream;
  };

  it('tells the submitted task’s stream, not another task’s, and a refused submit tells nothing', async () => {
    const watched = await api.taskWith({ status: 'START' });
    const other = await api.taskWith({ status: 'START' });
    await api.testOf(watched.taskId, watched.padId);
    await api.testOf(other.taskId, other.padId);
    const stream = await openStream(watched.taskId);
    try {
      await api.submit(other.taskId);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(stream.events(), 'another task is not heard').toEqual([]);
      // nothing left to submit in the watched task after this one; the 409 that follows is silent
      await api.submit(watched.taskId);
      expect(await stream.nextEvent(0, 1000), 'the submit').toBe(true);
      expect(stream.events()[0]).toContain(`"taskId":${watched.taskId}`);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const heard = stream.events().length;
      expect((await api.submitRaw(watched.taskId)).statusCode).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(stream.events().length, 'a refused submit').toBe(heard);
    } finally {
      stream.close();
    }
  });
});
