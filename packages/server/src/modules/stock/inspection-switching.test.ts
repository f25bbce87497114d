import { type StationBatch, type StockInAnswer } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.js';
import { stockApi } from '../../../test/stock-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('normal and tightened inspection of a product’s batches on %s', (dialect) => {
  const t = withTestApp(dialect);
  const s = stockApi(() => t.app, () => t.admin);

  it('switches to tightened after 2 rejected of 5 consecutive batches, and back after 5 accepted', async () => {
    const pda = await s.pda();
    const { productId } = await s.madeUnits({ count: 1 });

    /** A batch of one unit of the product, closed (its lot sized to `lot` when given) and answered with its plan. */
    async function nextBatch(lot?: number): Promise<{ batch: StationBatch; code: string }> {
      const { codes } = await s.madeUnits({ count: 1, productId });
      const { batchNo, stockBatchId } = dataOf<StockInAnswer>(await s.stockIn(pda.token, codes[0]!));
      if (lot) await s.db().updateTable('stock_batch').set({ count: lot }).where('id', '=', stockBatchId).execute();
      return { batch: dataOf<StationBatch>(await s.closeBatch(pda.token, { batchNo })), code: codes[0]! };
    }
    /** Decides a batch by its one real unit: 合格 accepts it once the plan asks for one unit, 不合格 rejects it (Ac 0). */
    const decide = (batch: StationBatch, code: string, pass: boolean) =>
      s.check(pda.token, { batchNo: batch.batchNo, code, pass, defect: pass ? null : '功能异常' });

    const severities: string[] = [];
    for (const pass of [false, true, false]) {
      const { batch, code } = await nextBatch();
      severities.push(batch.severity);
      await decide(batch, code, pass);
    }
    // R, A, R: two rejected within three consecutive batches (GB/T 2828.1 9.3.1)
    expect(severities).toEqual(['NORMAL', 'NORMAL', 'NORMAL']);

    // Lot 60 at level II is E; AQL 1.0 is 0/1 at E (n 13) under normal, and ↓ to F (n 20) under tightened.
    const tightened = await nextBatch(60);
    expect(tightened.batch).toMatchObject({ severity: 'TIGHTENED', codeLetter: 'E', sampleSize: 20, acceptNumber: 0, rejectNumber: 1 });
    await decide(tightened.batch, tightened.code, false);

    const after: string[] = [];
    for (let n = 0; n < 5; n++) {
      const { batch, code } = await nextBatch();
      after.push(batch.severity);
      await decide(batch, code, true);
    }
    // a reject on tightened restarts the count: five accepted batches, then normal again (9.3.2)
    expect(after).toEqual(['TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED', 'TIGHTENED']);
    const back = await nextBatch(60);
    expect(back.batch).toMatchObject({ severity: 'NORMAL', sampleSize: 13 });
  });
});
