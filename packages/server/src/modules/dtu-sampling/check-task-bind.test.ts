import { DTU_SUBMISSION_MSG as M, DTU_TASK_MSG, MSG, PATHS, TERMINAL_STATUS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuSamplingApi } from '../../../test/dtu-sampling-api.js';
import { dtuTaskParamOf, dtuTaskSetting } from '../../../test/dtu-task-api.js';
import { createDtu } from '../../../test/factories/dtus.js';
import { createDtuTaskPad, createSubmitBatch } from '../../../test/factories/dtu-tasks.js';
import { createLine } from '../../../test/factories/lines.js';
import { createTerminal } from '../../../test/factories/terminals.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const { idle, overallCheck, partsCheck } = TERMINAL_STATUS;

/* Issue 18: 配置抽检任务 and 解绑终端 (POST /api/checkTask/bind, /unbind), and what a task's status changes do to its sampling terminals. */
describe.each(testDialects())('DTU sampling configuration (配置抽检任务) on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSamplingApi(t);
  const { db, bind, bindRaw, bindBody, unbindRaw, config, checkTerminals, samplingSetting, samplingSnapshot, terminal, taskRow, idlePads } = api;

  it('binds the line, terminals, quantity, level and AQL; binding again frees the terminals left out', async () => {
    const { taskId, padId, checkLineId } = await samplingSetting({ fittingType: '抽检任务' });
    const [a, b, c] = await idlePads(checkLineId, 3);

    await bind(bindBody(taskId, checkLineId, [a!, b!, a!], { productionNumber: 8, inspectionLevel: 'III', aql: 2.5 }));
    expect(await checkTerminals(taskId)).toEqual([a, b]);
    expect(await terminal(a!)).toEqual({ status: partsCheck, taskId, flowId: null, partsRole: 'CHECK' });
    expect(await taskRow(taskId)).toMatchObject({ checkLineId, checkNumber: 8, checkLevel: 'III' });
    expect(Number((await taskRow(taskId)).checkAql)).toBe(2.5);
    // the production PAD is the task's as before
    expect(await terminal(padId)).toMatchObject({ status: partsCheck, taskId, partsRole: 'PAD' });
    const line = await db().selectFrom('production_line').select('lineName').where('id', '=', checkLineId).executeTakeFirstOrThrow();
    expect(await lastSuccessLog(t.app, PATHS.checkTaskBind)).toEqual({
      summary: `配置抽检任务 抽检任务 (#${taskId})：产线 ${line.lineName}，终端 2台，抽检数量 8，检验水平 III，AQL 2.5`,
      targetId: String(taskId),
    });

    // b stays, a is let go of, c is taken; the level and AQL default to II and 1.0
    await bind({ id: taskId, aimLineId: checkLineId, pads: [c!, b!], productionNumber: 3 });
    expect(await checkTerminals(taskId)).toEqual([b, c]);
    expect(await terminal(a!)).toEqual({ status: idle, taskId: null, flowId: null, partsRole: null });
    expect(await taskRow(taskId)).toMatchObject({ checkLineId, checkNumber: 3, checkLevel: 'II' });
    expect(Number((await taskRow(taskId)).checkAql)).toBe(1);

    // another line: the terminals of the first are let go of
    const otherLine = await createLine(db());
    const [d] = await idlePads(otherLine, 1);
    await bind(bindBody(taskId, otherLine, [d!]));
    expect(await checkTerminals(taskId)).toEqual([d]);
    expect(await terminal(b!)).toMatchObject({ status: idle, taskId: null, partsRole: null });
    expect((await config(taskId)).productLineId).toBe(otherLine);
  });

  it('takes a form body as JSON with texts for numbers, and refuses what the form would (400)', async () => {
    const { taskId, checkLineId, checkPads } = await samplingSetting();
    await bind({ id: String(taskId), aimLineId: String(checkLineId), pads: checkPads.map(String), productionNumber: '4', inspectionLevel: '', aql: '' } as never);
    expect(await checkTerminals(taskId)).toEqual(checkPads);
    const body = bindBody(taskId, checkLineId, checkPads);
    expectRefusal(await bindRaw({ ...body, pads: [] }), 400, M.padsRequired);
    expectRefusal(await bindRaw({ ...body, aimLineId: undefined }), 400, M.lineRequired);
    expectRefusal(await bindRaw({ ...body, productionNumber: 0 }), 400, M.quantityRule);
    expectRefusal(await bindRaw({ ...body, productionNumber: 1.5 }), 400, M.quantityRule);
    expectRefusal(await bindRaw({ ...body, aql: 0.3 }), 400, MSG.aqlRule);
    expectRefusal(await bindRaw({ ...body, inspectionLevel: 'IV' }), 400, MSG.inspectionLevelRequired);
    expectRefusal(await bindRaw({ ...body, inspectionLevel: null }), 400, MSG.inspectionLevelRequired);
    // ids past the columns' range are no line or terminal (not a database error on PostgreSQL)
    expectRefusal(await bindRaw({ ...body, aimLineId: 2_147_483_648 }), 400, M.lineRequired);
    expectRefusal(await bindRaw({ ...body, pads: [checkPads[0]!, 2_147_483_648] }), 400, M.padsRequired);
    expect(await checkTerminals(taskId)).toEqual(checkPads);
  });

  it('answers 404 for a task unknown, deleted or out of the caller’s scope', async () => {
    const { taskId, productLineId, checkLineId, checkPads } = await samplingSetting();
    const body = bindBody(taskId, checkLineId, checkPads);
    expectRefusal(await bindRaw({ ...body, id: 999_999 }), 404, MSG.recordNotFound);
    const deleted = await samplingSetting({ deleted: true });
    expectRefusal(await bindRaw(bindBody(deleted.taskId, deleted.checkLineId, deleted.checkPads)), 404, MSG.recordNotFound);
    const stranger = await api.tenant();
    expectRefusal(await bindRaw(body, stranger.token), 404, MSG.recordNotFound);
    const elsewhere = await api.lineUser([await createLine(db()), checkLineId]);
    expectRefusal(await bindRaw(body, elsewhere.token), 404, MSG.recordNotFound);
    expectRefusal(await unbindRaw(taskId, elsewhere.token), 404, MSG.recordNotFound);
    expect(await checkTerminals(taskId)).toEqual([]);
    // a user of the task's line and of the sampling line may
    const tied = await api.lineUser([productLineId, checkLineId]);
    await bind(body, tied.token);
    expect(await checkTerminals(taskId)).toEqual(checkPads);
  });

  it('refuses a task whose firmware changed after a batch was submitted (升级固件后不支持抽检)', async () => {
    const { taskId, padId, checkLineId, checkPads } = await samplingSetting();
    await api.testOf(taskId, padId);
    const submitTime = Date.now() - 60_000;
    await createSubmitBatch(db(), taskId, { submitTime });
    expect((await config(taskId)).canCheck).toBe(true);
    await bind(bindBody(taskId, checkLineId, [checkPads[0]!]));

    // the task's edit marks a firmware change made while it has submitted records (dtu-task.service)
    await db().updateTable('dtu_task').set({ firmwareChangeTime: submitTime + 1000 }).where('id', '=', taskId).execute();
    expect((await config(taskId)).canCheck).toBe(false);
    const before = await samplingSnapshot();
    expectRefusal(await bindRaw(bindBody(taskId, checkLineId, checkPads, { productionNumber: 9 })), 409, M.firmwareChanged);
    expect(await samplingSnapshot()).toEqual(before);
    // its terminals may still be let go of
    expect((await api.unbindRaw(taskId)).statusCode).toBe(200);
  });

  it('refuses a line unknown, another tenant’s, disabled, or not the sub-user’s (409); the line bound already may stay', async () => {
    const { taskId, productLineId, checkLineId, checkPads } = await samplingSetting();
    const body = (lineId: number) => bindBody(taskId, lineId, checkPads);
    const before = await samplingSnapshot();
    expectRefusal(await bindRaw(body(999_999)), 409, M.lineUnknown);
    const stranger = await api.tenant();
    const theirFactory = await db()
      .insertInto('factory')
      .values({ factoryName: '他厂', ownerId: stranger.id, createTime: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirLine = await createLine(db(), { factoryId: theirFactory.id });
    expectRefusal(await bindRaw(body(theirLine)), 409, M.lineUnknown);
    const disabled = await createLine(db(), { status: 0 });
    expectRefusal(await bindRaw(body(disabled)), 409, M.lineUnknown);
    const user = await api.lineUser([productLineId]);
    expectRefusal(await bindRaw(body(checkLineId), user.token), 409, M.lineUnknown);
    expect(await samplingSnapshot()).toEqual(before);

    // bound by the admin, then disabled: the line may stay for the sub-user too
    await bind(body(checkLineId));
    await db().updateTable('production_line').set({ status: 0 }).where('id', '=', checkLineId).execute();
    await bind(bindBody(taskId, checkLineId, [checkPads[0]!]), user.token);
    expect(await checkTerminals(taskId)).toEqual([checkPads[0]]);
  });

  it('refuses a terminal not a PAD of the task’s tenant on the line (400, as the task form)', async () => {
    const { taskId, productLineId, checkLineId, checkPads } = await samplingSetting();
    const stranger = await api.tenant();
    const onOtherLine = (await idlePads(productLineId, 1))[0]!;
    const pda = await createTerminal(db(), { lineId: checkLineId, terminalType: 'PDA', status: idle });
    const theirs = await createTerminal(db(), { lineId: checkLineId, ownerId: stranger.id, status: idle });
    const unused = await createTerminal(db(), { lineId: null });
    const before = await samplingSnapshot();
    for (const pad of [onOtherLine, pda, theirs, unused, 999_999]) {
      expectRefusal(await bindRaw(bindBody(taskId, checkLineId, [checkPads[0]!, pad])), 400, M.padNotOnLine);
    }
    expect(await samplingSnapshot()).toEqual(before);
  });

  it('refuses a PAD serving another task, or the task’s own production, naming it (409); nothing changes', async () => {
    const { taskId, checkLineId, checkPads } = await samplingSetting();
    await bind(bindBody(taskId, checkLineId, [checkPads[0]!], { productionNumber: 2 }));
    const production = await createTerminal(db(), { lineId: checkLineId, status: overallCheck, taskId: 1, terminalName: '生产终端' });
    const other = await api.taskWith({ productLineId: checkLineId });
    const otherPad = await createDtuTaskPad(db(), other.taskId, { terminalName: '配件终端' });
    const otherCheck = await createDtuTaskPad(db(), other.taskId, { role: 'CHECK', terminalName: '他抽检终端' });
    // the task's own production PAD, on the sampling line
    const ownPad = await createDtuTaskPad(db(), taskId, { terminalName: '本任务终端' });
    await db().updateTable('terminal').set({ lineId: checkLineId }).where('id', '=', ownPad).execute();
    const signedIn = await createTerminal(db(), { lineId: checkLineId, status: TERMINAL_STATUS.used, terminalName: '使用中终端' });

    const before = await samplingSnapshot();
    const cases: [number, string][] = [
      [production, '生产终端'],
      [otherPad, '配件终端'],
      [otherCheck, '他抽检终端'],
      [ownPad, '本任务终端'],
      [signedIn, '使用中终端'],
    ];
    for (const [pad, name] of cases) {
      // the binding would have freed checkPads[0] and taken checkPads[1]: neither happens
      expectRefusal(await bindRaw(bindBody(taskId, checkLineId, [checkPads[1]!, pad], { productionNumber: 9 })), 409, M.padBusy(name));
    }
    expect(await samplingSnapshot()).toEqual(before);
    expect(await checkTerminals(taskId)).toEqual([checkPads[0]]);
  });

  it('makes a sampling terminal busy for the task form: its PAD list and its form refuse it', async () => {
    const setting = await samplingSetting({ fittingType: '被抽检任务' });
    await bind(bindBody(setting.taskId, setting.checkLineId, [setting.checkPads[0]!]));
    const other = await api.taskWith({ productLineId: setting.checkLineId });
    const options = dataOf<{ id: number; busyWith: string }[]>(await api.get(PATHS.dtuTaskPadList, t.admin, { lineId: setting.checkLineId, taskId: other.taskId }));
    expect(options.find((option) => option.id === setting.checkPads[0])?.busyWith).toBe('被抽检任务');
    expect(options.find((option) => option.id === setting.checkPads[1])?.busyWith).toBe('');
    // asked without a task (the sampling dialog): the same
    const plain = dataOf<{ id: number; busyWith: string }[]>(await api.get(PATHS.dtuTaskPadList, t.admin, { lineId: setting.checkLineId }));
    expect(plain.find((option) => option.id === setting.checkPads[0])?.busyWith).toBe('被抽检任务');

    const name = (await db().selectFrom('terminal').select('terminalName').where('id', '=', setting.checkPads[0]!).executeTakeFirstOrThrow()).terminalName;
    const form = await dtuTaskSetting(db());
    await db().updateTable('terminal').set({ lineId: form.lineId }).where('id', '=', setting.checkPads[0]!).execute();
    expectRefusal(await api.add(dtuTaskParamOf(form, { pads: [setting.checkPads[0]!] })), 409, DTU_TASK_MSG.padBusy(name));
  });

  it('unbinds every sampling terminal of the task, keeping the configuration; 409 when it has none', async () => {
    const { taskId, padId, checkLineId, checkPads } = await samplingSetting({ fittingType: '解绑任务' });
    expectRefusal(await unbindRaw(taskId), 409, M.noCheckPads);
    await bind(bindBody(taskId, checkLineId, checkPads, { productionNumber: 6 }));
    // another task's sampling terminal stays
    const other = await samplingSetting();
    await bind(bindBody(other.taskId, other.checkLineId, [other.checkPads[0]!]));

    expect((await unbindRaw(taskId)).statusCode).toBe(200);
    expect(await checkTerminals(taskId)).toEqual([]);
    for (const pad of checkPads) expect(await terminal(pad)).toEqual({ status: idle, taskId: null, flowId: null, partsRole: null });
    expect(await terminal(padId)).toMatchObject({ status: partsCheck, taskId, partsRole: 'PAD' });
    expect(await checkTerminals(other.taskId)).toEqual([other.checkPads[0]]);
    expect(await lastSuccessLog(t.app, PATHS.checkTaskUnbind)).toEqual({ summary: `解绑抽检终端 解绑任务 (#${taskId})：2台`, targetId: String(taskId) });
    expect(await config(taskId)).toMatchObject({ productLineId: checkLineId, productionNumber: 6, pads: [] });
    expectRefusal(await unbindRaw(taskId), 409, M.noCheckPads);
    expectRefusal(await unbindRaw(999_999), 404, MSG.recordNotFound);
  });

  it('keeps the sampling terminals when the task ends (its last batches are still sampled) and frees them when it is deleted', async () => {
    const { taskId, padId, checkLineId, checkPads } = await samplingSetting();
    await bind(bindBody(taskId, checkLineId, checkPads));
    expect((await api.act(PATHS.dtuTaskEnd, taskId)).statusCode).toBe(200);
    expect(await terminal(padId)).toMatchObject({ status: idle, taskId: null, partsRole: null });
    expect(await checkTerminals(taskId)).toEqual(checkPads);
    // a finished task may be bound again
    await bind(bindBody(taskId, checkLineId, [checkPads[1]!]));
    expect(await checkTerminals(taskId)).toEqual([checkPads[1]]);

    expect((await api.act(PATHS.dtuTaskDelete, taskId)).statusCode).toBe(200);
    expect(await checkTerminals(taskId)).toEqual([]);
    expect(await terminal(checkPads[1]!)).toEqual({ status: idle, taskId: null, flowId: null, partsRole: null });
  });

  it('lets a task of another tenant’s DTU be bound by that tenant only, on its own lines', async () => {
    const stranger = await api.tenant();
    const factory = await db().insertInto('factory').values({ factoryName: '他厂', ownerId: stranger.id, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow();
    const lineId = await createLine(db(), { factoryId: factory.id });
    const checkLineId = await createLine(db(), { factoryId: factory.id });
    const { taskId } = await api.taskWith({ ownerId: stranger.id, dtuId: await createDtu(db(), { ownerId: stranger.id }), productLineId: lineId });
    const [pad] = await idlePads(checkLineId, 1, { ownerId: stranger.id });
    await bind(bindBody(taskId, checkLineId, [pad!]), stranger.token);
    expect(await checkTerminals(taskId)).toEqual([pad]);
    // the platform administrator may too (the task's tenant's line and PADs)
    await bind(bindBody(taskId, checkLineId, [pad!], { productionNumber: 2 }));
    expect((await taskRow(taskId)).checkNumber).toBe(2);
  });
});
