import type { AddressInfo } from 'node:net';
import { type Envelope, PATHS, type StreamTicket } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dtuSamplingApi } from '../../../test/dtu-sampling-api.js';
import { openEventStream } from '../../../test/event-stream.js';
import { createDtuTest, createSubmitBatch } from '../../../test/factories/dtu-tasks.js';
import { bearer } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/*
 * A binding, an unbinding and a sample deleted tell the task's live stream (a sampling
 * terminal's assignment and the task's pages follow them); a refused call tells nothing.
 */
describe.each(testDialects())('live events of DTU sampling on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSamplingApi(t);
  const { db } = api;
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
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 600));

  it('tells the task’s stream of a binding, an unbinding and a sample deleted, and nothing of a refusal', async () => {
    const { taskId, padId, checkLineId, checkPads } = await api.samplingSetting();
    const unit = await api.testOf(taskId, padId);
    const batchId = await createSubmitBatch(db(), taskId, { testIds: [unit] });
    const code = (await db().selectFrom('dtu_test').select('unitCode').where('id', '=', unit).executeTakeFirstOrThrow()).unitCode;
    const sampleId = await createDtuTest(db(), taskId, { unitCode: code, sampleBatchId: batchId });
    const stream = await openStream(taskId);
    try {
      let heard = 0;
      const expectHeard = async (what: string) => {
        expect(await stream.nextEvent(heard, 1000), what).toBe(true);
        expect(stream.events()[heard]).toContain(`"taskId":${taskId}`);
        await quiet();
        heard = stream.events().length;
      };
      await api.bind(api.bindBody(taskId, checkLineId, checkPads));
      await expectHeard('the binding');
      expect((await api.postForm(PATHS.checkTaskUnbind, t.admin, { taskId })).statusCode).toBe(200);
      await expectHeard('the unbinding');
      expect((await api.removeSample(sampleId)).statusCode).toBe(200);
      await expectHeard('the sample deleted');

      expect((await api.unbindRaw(taskId)).statusCode).toBe(409);
      expect((await api.bindRaw(api.bindBody(taskId, 999_999, checkPads))).statusCode).toBe(409);
      await quiet();
      expect(stream.events().length, 'the refusals').toBe(heard);
    } finally {
      stream.close();
    }
  });
});
