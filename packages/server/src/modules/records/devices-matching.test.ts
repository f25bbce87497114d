import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recordsApi } from '../../../test/records-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { devicesMatching } from './records.repository.js';

// The trace's device lookup (issue 19): one prepared statement finds a device by its code, SN, MAC or IMEI,
// in the caller's scope only, most recently tested first.
describe.each(testDialects())('the one-statement device lookup on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );

  it('finds a device by its code, SN, MAC or IMEI in one statement, in scope only, most recently tested first', async () => {
    const task = await api.recordTask();
    const [code, other, untested] = task.codes as [string, string, string];
    const db = api.db();
    const codes = { sn: `SN-ONE-${code}`, mac: `AA:BB:CC:${code.slice(-2)}:00:01`, imei: `86${String(task.taskId).padStart(13, '0')}` };
    await db.updateTable('production_code').set({ ...codes, lastTestTime: 1_000 }).where('code', '=', code).execute();
    await db.updateTable('production_code').set({ sn: `SN-TWO-${code}`, lastTestTime: 2_000 }).where('code', '=', other).execute();
    const { ownerId } = await db.selectFrom('task').select('ownerId').where('id', '=', task.taskId).executeTakeFirstOrThrow();
    const lineIds = await api.lineIdsOf(task.taskId);

    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    };
    const counted = db.withPlugin(counting);
    const found = async (scope: TaskScope, texts: string[], limit = 20) => (await devicesMatching(counted, scope, texts, limit)).map((device) => device.code);
    const everyTenant = { ownerId: null, lineIds: null };

    for (const text of [code, codes.sn, codes.mac, codes.imei]) {
      statements = 0;
      expect(await found(everyTenant, [text])).toEqual([code]);
      expect(statements).toBe(1);
    }
    // Several texts: each device once, the most recently tested first, an untested one last; whole values only.
    expect(await found(everyTenant, [untested, codes.sn, code, `SN-TWO-${code}`])).toEqual([other, code, untested]);
    expect(await found(everyTenant, [untested, codes.sn, `SN-TWO-${code}`], 2)).toEqual([other, code]);
    expect(await found(everyTenant, [codes.sn.slice(0, -1), code.slice(0, 4)])).toEqual([]);
    expect(await found(everyTenant, [code.toLowerCase()])).toEqual([]);

    // The tenant's root sees it, and a user on one of the task's lines; another tenant, a user without lines,
    // and a user on another line do not.
    expect(await found({ ownerId, lineIds: null }, [codes.mac])).toEqual([code]);
    expect(await found({ ownerId, lineIds }, [codes.imei, code])).toEqual([code]);
    expect(await found({ ownerId: ownerId + 1_000, lineIds: null }, [code, codes.sn])).toEqual([]);
    expect(await found({ ownerId, lineIds: [] }, [code])).toEqual([]);
    expect(await found({ ownerId, lineIds: [Math.max(...lineIds) + 1_000] }, [code, codes.sn])).toEqual([]);
  });
});
