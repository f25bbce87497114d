import { DTU_TASK_MSG as M, type DtuTaskParam, MSG, PATHS, TERMINAL_STATUS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, lastLog } from '../../../test/answers.js';
import { dateIn, dtuTaskApi, dtuTaskForm, dtuTaskParamOf, type DtuTaskSetting, dtuTaskSetting } from '../../../test/dtu-task-api.js';
import { createDtuTask, createDtuTaskPad, createDtuTest, createLine, createTerminal, insertTask } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';

describe.each(testDialects())('the DTU task form on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, add, edit, addOk, detail, post, postForm, lineUser, tenant, terminal, taskRow, snapshot } = dtuTaskApi(t);

  /** Runs `act` and checks that no task, Excel row, stored file or terminal changed. */
  async function leavesNothing(act: () => Promise<void>) {
    const before = await snapshot();
    await act();
    expect(await snapshot()).toEqual(before);
  }

  describe('add', () => {
    it('stores an UNSTART task of the DTU with its PADs in parts check', async () => {
      const setting = await dtuTaskSetting(db());
      const param = dtuTaskParamOf(setting, { pads: [setting.pads[0]!, setting.pads[1]!], productionNumber: '250' as unknown as number });
      const id = await addOk(param);
      const task = await detail(id);
      const names = await db().selectFrom('production_line').select(['id', 'lineName']).where('id', 'in', [setting.lineId, setting.aimLineId]).execute();
      const nameOf = (lineId: number) => names.find((line) => line.id === lineId)!.lineName;
      expect(task).toMatchObject({
        id,
        dtuId: setting.dtuId,
        fittingType: param.fittingType,
        reworkTask: false,
        productLineId: setting.lineId,
        productionLineName: nameOf(setting.lineId),
        aimProductLineId: setting.aimLineId,
        aimProductLineName: nameOf(setting.aimLineId),
        testFirmwareVersion: '1.0.0',
        serialPads: [],
        finishNumber: 0,
        testedNumber: 0,
        productionNumber: 250,
        expireTime: `${param.expireTime} 23:59:59`,
        status: 'UNSTART',
        duplicateEnable: false,
        needExcel: false,
        excelOriginName: null,
        excelRowCount: 0,
        excelUsedCount: 0,
        canCheck: true,
        canEditFirmware: true,
        communicationType: 'THREE_2_ONE',
        bandRate: 9600,
        startTime: null,
        finishTime: null,
        creatorName: 'admin',
        detail: { id: setting.dtuId, communicationType: 'THREE_2_ONE', status: 1 },
      });
      expect(task.pads.map((pad) => pad.id).sort()).toEqual([setting.pads[0], setting.pads[1]].sort());
      expect(Object.keys(task.pads[0]!).sort()).toEqual(['code', 'id', 'name']);
      for (const pad of setting.pads.slice(0, 2)) {
        expect(await terminal(pad)).toEqual({ status: TERMINAL_STATUS.partsCheck, taskId: id, flowId: null, partsRole: 'PAD' });
      }
      expect(await terminal(setting.pads[2]!)).toMatchObject({ status: TERMINAL_STATUS.idle, taskId: null, partsRole: null });
      await expect.poll(() => lastLog(t.app, PATHS.dtuTaskAdd)).toBe(`新增DTU任务 ${param.fittingType} #${id}`);
    });

    it('takes the JSON part as a file part too, and a rework task always allows duplicates', async () => {
      const setting = await dtuTaskSetting(db());
      const param = dtuTaskParamOf(setting, { reworkTask: true, fittingType: 'ABC配件1', duplicateEnable: false });
      const response = await dtuTaskForm(t.app, PATHS.dtuTaskAdd, t.admin, param, [], true);
      const id = response.json<{ data: number }>().data;
      expect(response.statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ reworkTask: true, duplicateEnable: true, fittingType: 'ABC配件1' });
      await expect.poll(() => lastLog(t.app, PATHS.dtuTaskAdd)).toBe(`新增返工任务 ABC配件1 #${id}`);
    });

    it('refuses a form without the JSON part, and a body that is not multipart', async () => {
      const setting = await dtuTaskSetting(db());
      await leavesNothing(async () => {
        expectRefusal(await dtuTaskForm(t.app, PATHS.dtuTaskAdd, t.admin, {}, []), 400, MSG.idRequired);
        expectRefusal(await dtuTaskForm(t.app, PATHS.dtuTaskAdd, t.admin, { dtuId: setting.dtuId }, []), 400, M.lineRequired);
        const noPart = await t.app.inject({
          method: 'POST',
          url: PATHS.dtuTaskAdd,
          headers: { authorization: `Bearer ${t.admin}`, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\n1\r\n--x--\r\n',
        });
        expectRefusal(noPart, 400, MSG.invalidInput);
        expectRefusal(await post(PATHS.dtuTaskAdd, t.admin, dtuTaskParamOf(setting)), 400, MSG.invalidInput);
        expectRefusal(await postForm(PATHS.dtuTaskAdd, t.admin, { fittingsTaskParam: JSON.stringify(dtuTaskParamOf(setting)) }), 400, MSG.invalidInput);
      });
    });

    const schemaCases: [string, Partial<DtuTaskParam>, string][] = [
      ['no name', { fittingType: '' }, M.nameRequired],
      ['a blank name', { fittingType: '   ' }, M.nameRequired],
      ['a name with a sign', { fittingType: '任务-1' }, M.nameRule],
      ['a name of 19 characters', { fittingType: 'a'.repeat(19) }, M.nameTooLong],
      ['a rework task without its model', { reworkTask: true, fittingType: '' }, M.reworkNameRequired],
      ['a rework model with a sign', { reworkTask: true, fittingType: 'AB_1' }, M.reworkNameRule],
      ['a rework model of 19 characters', { reworkTask: true, fittingType: 'b'.repeat(19) }, M.reworkNameTooLong],
      ['no production line', { productLineId: undefined }, M.lineRequired],
      ['no target line', { aimLineId: '' as unknown as number }, M.aimLineRequired],
      ['no terminal', { pads: [] }, M.padsRequired],
      ['a terminal id that is not one', { pads: ['x'] as unknown as number[] }, M.padsRequired],
      ['no delivery date', { expireTime: '' }, M.expireRequired],
      ['a date written otherwise', { expireTime: '2030/01/01' }, M.expireRule],
      ['a date that does not exist', { expireTime: '2030-02-30' }, M.expireRule],
      ['no total', { productionNumber: undefined as unknown as number }, M.totalRequired],
      ['a total not a number', { productionNumber: 'many' as unknown as number }, M.totalNumber],
      ['a fractional total', { productionNumber: 1.5 }, M.totalNumber],
      ['a total of 0', { productionNumber: 0 }, M.totalPositive],
      ['a negative total', { productionNumber: -3 }, M.totalPositive],
      ['a total past 1000000', { productionNumber: 1_000_001 }, M.totalTooLarge],
      ['a firmware version not x.y.z', { testFirmwareVersion: '1.0' }, M.firmwareRule],
      ['a NUL in the name', { fittingType: 'a\u0000b' }, MSG.nulCharacter],
    ];
    it.each(schemaCases)('answers 400 for %s, writing nothing', async (_label, overrides, message) => {
      const setting = await dtuTaskSetting(db());
      await leavesNothing(async () => expectRefusal(await add(dtuTaskParamOf(setting, overrides)), 400, message));
    });

    it('takes a name of 18 characters, a date and time, and no firmware version', async () => {
      const setting = await dtuTaskSetting(db());
      const id = await addOk(dtuTaskParamOf(setting, { fittingType: '一二三四五六七八九十ABCDEFGH', expireTime: `${dateIn(3)} 08:30:00`, testFirmwareVersion: '' }));
      expect(await detail(id)).toMatchObject({ fittingType: '一二三四五六七八九十ABCDEFGH', expireTime: `${dateIn(3)} 08:30:00`, testFirmwareVersion: '' });
    });

    it('needs a DTU of the caller (404) that is enabled (409 archived)', async () => {
      const setting = await dtuTaskSetting(db());
      const archived = await dtuTaskSetting(db(), { dtuStatus: -1 });
      const other = await tenant();
      await leavesNothing(async () => {
        expectRefusal(await add(dtuTaskParamOf(setting, { dtuId: 99_999_999 })), 404, MSG.recordNotFound);
        expectRefusal(await add(dtuTaskParamOf(setting), undefined, other.token), 404, MSG.recordNotFound);
        expectRefusal(await add(dtuTaskParamOf(archived)), 409, M.dtuArchived);
      });
    });

    it('needs enabled lines of the DTU’s tenant that the caller may use', async () => {
      const setting = await dtuTaskSetting(db());
      const disabled = await createLine(db(), { status: 0 });
      const other = await tenant();
      const foreign = await dtuTaskSetting(db(), { ownerId: other.id });
      const user = await lineUser([setting.aimLineId]);
      const productionOnly = await lineUser([setting.lineId]);
      await leavesNothing(async () => {
        for (const lineId of [99_999_999, disabled, foreign.lineId]) {
          expectRefusal(await add(dtuTaskParamOf(setting, { productLineId: lineId })), 400, M.lineUnknown);
          expectRefusal(await add(dtuTaskParamOf(setting, { aimLineId: lineId })), 400, M.aimLineUnknown);
        }
        // a sub-user plans only on its own lines
        expectRefusal(await add(dtuTaskParamOf(setting), undefined, user.token), 400, M.lineUnknown);
        expectRefusal(await add(dtuTaskParamOf(setting), undefined, productionOnly.token), 400, M.aimLineUnknown);
      });
    });

    it('lets a sub-user plan on its own lines', async () => {
      const setting = await dtuTaskSetting(db());
      const user = await lineUser([setting.lineId, setting.aimLineId]);
      const id = await addOk(dtuTaskParamOf(setting), undefined, user.token);
      expect((await taskRow(id)).creatorId).toBe(user.id);
      expect((await detail(id, user.token)).id).toBe(id);
    });

    it('needs PADs of the production line', async () => {
      const setting = await dtuTaskSetting(db());
      const elsewhere = await createTerminal(db(), { lineId: setting.aimLineId });
      const unused = await createTerminal(db());
      const pda = await createTerminal(db(), { terminalType: 'PDA', lineId: setting.lineId });
      const other = await tenant();
      const foreignPad = (await dtuTaskSetting(db(), { ownerId: other.id })).pads[0]!;
      await leavesNothing(async () => {
        for (const pad of [99_999_999, elsewhere, unused, pda, foreignPad]) {
          expectRefusal(await add(dtuTaskParamOf(setting, { pads: [setting.pads[0]!, pad] })), 400, M.padNotOnLine);
        }
      });
    });

    it('refuses a PAD serving a production task or another DTU task (409), naming it', async () => {
      const setting = await dtuTaskSetting(db());
      const productionTask = await insertTask(db(), { lineIds: [setting.lineId] });
      const busy = { lineId: setting.lineId, status: TERMINAL_STATUS.overallCheck, taskId: productionTask };
      const onProduction = await createTerminal(db(), { ...busy, terminalName: '生产终端' });
      const otherTask = await createDtuTask(db(), { productLineId: setting.lineId });
      const onDtuTask = await createDtuTaskPad(db(), otherTask, { terminalName: '配件终端' });
      await leavesNothing(async () => {
        expectRefusal(await add(dtuTaskParamOf(setting, { pads: [onProduction] })), 409, M.padBusy('生产终端'));
        expectRefusal(await add(dtuTaskParamOf(setting, { pads: [setting.pads[0]!, onDtuTask] })), 409, M.padBusy('配件终端'));
      });
    });

    it('gives a PAD to one of two tasks asking for it at once', async () => {
      const setting = await dtuTaskSetting(db());
      const pad = setting.pads[0]!;
      const answers = await Promise.all([add(dtuTaskParamOf(setting, { pads: [pad] })), add(dtuTaskParamOf(setting, { pads: [pad] }))]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ data: number }>().data;
      expect(await terminal(pad)).toMatchObject({ status: TERMINAL_STATUS.partsCheck, taskId: winner });
      expect(await db().selectFrom('dtu_task').select('id').where('dtuId', '=', setting.dtuId).execute()).toEqual([{ id: winner }]);
    });

    it('needs serial terminals for a bluetooth DTU, and keeps them in their role', async () => {
      const setting = await dtuTaskSetting(db(), { communicationType: 'bluetooth' });
      const [pad, serial] = setting.pads as [number, number];
      await leavesNothing(async () => {
        expectRefusal(await add(dtuTaskParamOf(setting, { pads: [pad] })), 400, M.serialPadsRequired);
        expectRefusal(await add(dtuTaskParamOf(setting, { pads: [pad], padsForComCheck: [pad] })), 400, M.padOneListOnly);
        expectRefusal(await add(dtuTaskParamOf(setting, { pads: [pad], padsForComCheck: [99_999_999] })), 400, M.padNotOnLine);
      });
      const id = await addOk(dtuTaskParamOf(setting, { pads: [pad], padsForComCheck: String(serial) as unknown as number[] }));
      const task = await detail(id);
      expect(task.pads.map((p) => p.id)).toEqual([pad]);
      expect(task.serialPads.map((p) => p.id)).toEqual([serial]);
      expect(await terminal(serial)).toMatchObject({ status: TERMINAL_STATUS.partsCheck, taskId: id, partsRole: 'SERIAL' });
    });

    it('ignores serial terminals of a DTU that is not bluetooth', async () => {
      const setting = await dtuTaskSetting(db());
      const id = await addOk(dtuTaskParamOf(setting, { padsForComCheck: [setting.pads[1]!] }));
      expect((await detail(id)).serialPads).toEqual([]);
      expect(await terminal(setting.pads[1]!)).toMatchObject({ status: TERMINAL_STATUS.idle, taskId: null, partsRole: null });
    });

    it('takes a delivery date from the factory’s yesterday on, refusing an earlier one', async () => {
      const setting = await dtuTaskSetting(db());
      const yesterday = formatTime(Date.now() - 86_400_000, t.config.timeZone).slice(0, 10);
      const before = formatTime(Date.now() - 2 * 86_400_000, t.config.timeZone).slice(0, 10);
      await leavesNothing(async () => {
        expectRefusal(await add(dtuTaskParamOf(setting, { expireTime: before })), 400, M.expireTooEarly);
        expectRefusal(await add(dtuTaskParamOf(setting, { expireTime: '2020-01-01 10:00:00' })), 400, M.expireTooEarly);
      });
      const id = await addOk(dtuTaskParamOf(setting, { expireTime: yesterday }));
      expect((await detail(id)).expireTime).toBe(`${yesterday} 23:59:59`);
    });

    it('delivers data only for a THREE_2_ONE DTU, and then needs the Excel', async () => {
      const bluetooth = await dtuTaskSetting(db(), { communicationType: 'bluetooth' });
      const wifi = await dtuTaskSetting(db(), { communicationType: 'WIFI' });
      const offline = await dtuTaskSetting(db(), { communicationType: null });
      const setting = await dtuTaskSetting(db());
      await leavesNothing(async () => {
        const serial = { padsForComCheck: [bluetooth.pads[1]!] };
        expectRefusal(await add(dtuTaskParamOf(bluetooth, { ...serial, needExcel: true })), 400, M.excelNeedsThreeToOne);
        expectRefusal(await add(dtuTaskParamOf(wifi, { needExcel: true })), 400, M.excelNeedsThreeToOne);
        expectRefusal(await add(dtuTaskParamOf(offline, { needExcel: true })), 400, M.excelNeedsThreeToOne);
        expectRefusal(await add(dtuTaskParamOf(setting, { needExcel: true })), 400, M.excelRequired);
      });
    });
  });

  describe('edit', () => {
    /** A task made through the form, with its param. */
    async function made(communicationType?: string, overrides: (setting: DtuTaskSetting) => Partial<DtuTaskParam> = () => ({})) {
      const setting = await dtuTaskSetting(db(), communicationType ? { communicationType } : {});
      const param = dtuTaskParamOf(setting, overrides(setting));
      const id = await addOk(param);
      return { setting, param, id };
    }

    it('changes the fields and the terminals, freeing the ones dropped; a STOP task stays STOP', async () => {
      const { setting, param, id } = await made();
      await db().updateTable('dtu_task').set({ status: 'STOP', startTime: Date.now() }).where('id', '=', id).execute();
      const [first, second, third] = setting.pads as [number, number, number];
      const changed = { ...param, id, fittingType: '改后任务', pads: [second, third], productionNumber: 500, expireTime: dateIn(5), duplicateEnable: true };
      expect((await edit(changed)).statusCode).toBe(200);
      const task = await detail(id);
      expect(task).toMatchObject({ fittingType: '改后任务', productionNumber: 500, expireTime: `${dateIn(5)} 23:59:59`, duplicateEnable: true, status: 'STOP' });
      expect(task.pads.map((pad) => pad.id).sort()).toEqual([second, third].sort());
      expect(await terminal(first)).toEqual({ status: TERMINAL_STATUS.idle, taskId: null, flowId: null, partsRole: null });
      expect(await terminal(third)).toMatchObject({ status: TERMINAL_STATUS.partsCheck, taskId: id, partsRole: 'PAD' });
      await expect.poll(() => lastLog(t.app, PATHS.dtuTaskEdit)).toBe(`编辑DTU任务 ${param.fittingType} → 改后任务 #${id}`);
    });

    it('moves the task to another line with that line’s PADs', async () => {
      const { setting, param, id } = await made();
      const pad = await createTerminal(db(), { lineId: setting.aimLineId });
      expectRefusal(await edit({ ...param, id, productLineId: setting.aimLineId }), 400, M.padNotOnLine);
      expect((await edit({ ...param, id, productLineId: setting.aimLineId, pads: [pad] })).statusCode).toBe(200);
      expect(await terminal(setting.pads[0]!)).toMatchObject({ status: TERMINAL_STATUS.idle, taskId: null });
      expect(await terminal(pad)).toMatchObject({ status: TERMINAL_STATUS.partsCheck, taskId: id });
    });

    it('keeps a line disabled since and a delivery date now past', async () => {
      const { setting, param, id } = await made();
      await db().updateTable('production_line').set({ status: 0 }).where('id', 'in', [setting.lineId, setting.aimLineId]).execute();
      await db().updateTable('dtu_task').set({ expireTime: Date.now() - 5 * 86_400_000 }).where('id', '=', id).execute();
      const past = formatTime((await taskRow(id)).expireTime!, t.config.timeZone);
      expect((await edit({ ...param, id, expireTime: past, productionNumber: 7 })).statusCode).toBe(200);
      expect((await detail(id)).productionNumber).toBe(7);
      // a new date must still be from yesterday on
      expectRefusal(await edit({ ...param, id, expireTime: dateIn(-4) }), 400, M.expireTooEarly);
      await db().updateTable('production_line').set({ status: 1 }).where('id', 'in', [setting.lineId, setting.aimLineId]).execute();
    });

    it('keeps its DTU and its kind', async () => {
      const { setting, param, id } = await made();
      const other = await dtuTaskSetting(db());
      await leavesNothing(async () => {
        expectRefusal(await edit({ ...param, id, dtuId: other.dtuId }), 400, M.dtuFixed);
        expectRefusal(await edit({ ...param, id, reworkTask: true }), 400, M.dtuFixed);
      });
      expect(setting.dtuId).toBe((await taskRow(id)).dtuId);
    });

    it('keeps working for a DTU archived since', async () => {
      const { setting, param, id } = await made();
      await db().updateTable('dtu').set({ status: -1 }).where('id', '=', setting.dtuId).execute();
      expect((await edit({ ...param, id, productionNumber: 9 })).statusCode).toBe(200);
    });

    it('answers 404 for a task the caller does not see, writing nothing', async () => {
      const { param, id } = await made();
      const other = await tenant();
      await leavesNothing(async () => {
        expectRefusal(await edit({ ...param, id }, undefined, other.token), 404, MSG.recordNotFound);
        expectRefusal(await edit({ ...param, id: 99_999_999 }), 404, MSG.recordNotFound);
      });
    });

    it('refuses a terminal another task took', async () => {
      const { setting, param, id } = await made();
      const other = await addOk(dtuTaskParamOf(setting, { pads: [setting.pads[1]!] }));
      const name = (await db().selectFrom('terminal').select('terminalName').where('id', '=', setting.pads[1]!).executeTakeFirstOrThrow()).terminalName;
      await leavesNothing(async () => expectRefusal(await edit({ ...param, id, pads: [setting.pads[1]!] }), 409, M.padBusy(name)));
      expect(await terminal(setting.pads[1]!)).toMatchObject({ taskId: other });
    });

    it('ends sampling when the firmware changes after a submission', async () => {
      const { param, id } = await made();
      expect((await edit({ ...param, id, testFirmwareVersion: '1.0.1' })).statusCode).toBe(200);
      expect((await detail(id)).canCheck).toBe(true);
      await createDtuTest(db(), id, { manageStatus: 'SUBMIT' });
      expect((await edit({ ...param, id, testFirmwareVersion: '1.0.1', productionNumber: 20 })).statusCode).toBe(200);
      expect((await detail(id)).canCheck).toBe(true);
      expect((await edit({ ...param, id, testFirmwareVersion: '2.0.0' })).statusCode).toBe(200);
      expect((await detail(id)).canCheck).toBe(false);
    });

    it('edits the serial terminals of a bluetooth task', async () => {
      const { setting, param, id } = await made('bluetooth', (setting) => ({ padsForComCheck: [setting.pads[1]!] }));
      const [pad, serial, spare] = setting.pads as [number, number, number];
      expectRefusal(await edit({ ...param, id, pads: [pad], padsForComCheck: [] }), 400, M.serialPadsRequired);
      expect((await edit({ ...param, id, pads: [pad], padsForComCheck: [serial] })).statusCode).toBe(200);
      expect((await edit({ ...param, id, pads: [serial], padsForComCheck: [spare] })).statusCode).toBe(200);
      expect(await terminal(pad)).toMatchObject({ status: TERMINAL_STATUS.idle, partsRole: null });
      expect(await terminal(serial)).toMatchObject({ taskId: id, partsRole: 'PAD' });
      expect(await terminal(spare)).toMatchObject({ taskId: id, partsRole: 'SERIAL' });
    });
  });
});
