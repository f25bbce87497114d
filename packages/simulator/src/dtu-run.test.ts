import { DTU_TASK_ENDPOINTS, MENU_ENDPOINTS, MENUS, type MenuTreeNode, ROLE_ENDPOINTS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { liveServer } from '../test/live-server.js';
import { DEMO_ACCESSORIES } from './accessory-plan.js';
import { seedAccessories } from './accessory-seed.js';
import { DEMO_DTU_TESTING, DTU_TESTER_ROLE, type DtuTestingPlan } from './dtu-plan.js';
import { startDtuTesting } from './dtu-run.js';
import { seedDtuTesting } from './dtu-seed.js';

/**
 * DTU testing against a real server (SQLite) with its embedded MQTT broker on a free
 * port: the demo's DTU tasks seeded through the console API, the benches testing
 * units whose reports go over MQTT, and the console's records and check log filled.
 */
describe('DTU benches against a real server and broker', () => {
  const live = liveServer({ mqtt: true, mqttPort: 0 });

  /** The demo's plan, small: the cellular task's Excel for 40 units. */
  const plan: DtuTestingPlan = {
    ...DEMO_DTU_TESTING,
    aimLineNum: 'NONE',
    tasks: DEMO_DTU_TESTING.tasks.map((task) => ({ ...task, productionNumber: 30, excelRows: task.excelRows > 0 ? 40 : 0 })),
  };

  it('seeds the tasks with their PADs, tests units over MQTT and HTTP, and fills the records and the check log', { timeout: 60_000 }, async () => {
    const { api, url, mqttPort } = live;
    expect(mqttPort).toBeGreaterThan(0);
    await seedAccessories(api, DEMO_ACCESSORIES);
    const seeded = await seedDtuTesting(api, url, plan);
    // Seeding again reuses what is there.
    const again = await seedDtuTesting(api, url, plan);
    expect(again.tasks.map((task) => task.taskId)).toEqual(seeded.tasks.map((task) => task.taskId));

    const [cellular, bluetooth, rework] = seeded.tasks;
    expect(seeded.benches.map((bench) => [bench.pad.terminalCode, bench.serial?.terminalCode ?? null, bench.taskId, bench.pad.username])).toEqual([
      ['SIM-DTU-01', null, cellular!.taskId, 'pj01@admin'],
      ['SIM-DTU-02', null, cellular!.taskId, 'pj02@admin'],
      ['SIM-DTU-03', 'SIM-DTU-S1', bluetooth!.taskId, 'pj03@admin'],
      ['SIM-DTU-04', null, rework!.taskId, 'pj04@admin'],
    ]);
    expect(seeded.manual).toEqual([{ terminalCode: 'SIM-DTU-M1', username: 'peijian@admin', password: 'Station123', taskName: '三合一DTU首批' }]);
    const detail = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: cellular!.taskId });
    expect(detail).toMatchObject({ status: 'UNSTART', needExcel: true, excelRowCount: 40, duplicateEnable: false, testFirmwareVersion: '1.2.0' });
    expect(detail.pads.map((pad) => pad.code).sort()).toEqual(['SIM-DTU-01', 'SIM-DTU-02', 'SIM-DTU-M1']);
    expect((await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: bluetooth!.taskId })).serialPads.map((pad) => pad.code)).toEqual(['SIM-DTU-S1']);
    expect(await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: rework!.taskId })).toMatchObject({ reworkTask: true, duplicateEnable: true, fittingType: 'HR4GDTU01' });
    const pads = await api(DTU_TASK_ENDPOINTS.dtuTaskPadList, { lineId: detail.productLineId });
    expect(pads.find((pad) => pad.code === 'SIM-DTU-03')?.busyWith).not.toBe('');
    // Role 配件检测员 holds PAD APP → 配件检测 alone.
    const role = (await api(ROLE_ENDPOINTS.roleList, { roleName: DTU_TESTER_ROLE, pageSize: 0 })).list[0]!;
    const granted = (await api(ROLE_ENDPOINTS.roleDetail, { id: role.id })).roleMenuFunctionVOS.map((grant) => grant.menuId);
    const flat = (nodes: MenuTreeNode[]): MenuTreeNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
    const tree = flat(await api(MENU_ENDPOINTS.menuTree, { withFunction: 'true', forRole: 'true' }));
    const idOf = (url: string) => tree.find((node) => node.url === url)!.id;
    expect(granted).toContain(idOf(MENUS.padPartsCheck));
    expect(granted).not.toContain(idOf(MENUS.padOverallCheck));

    const lines: string[] = [];
    const run = await startDtuTesting({
      baseUrl: url,
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      benches: seeded.benches,
      rate: 0,
      failureRate: 0.4,
      rescanRate: 0.15,
      randomSeed: 3,
      serialStart: 100,
      log: (line) => lines.push(line),
    });
    expect(run.benches).toBe(4);
    try {
      await expect.poll(() => run.stats.tested, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(32);
    } finally {
      await run.stop();
    }
    const { stats } = run;
    expect(lines).toEqual([]);
    expect(stats.incomplete).toBe(0);
    expect(stats.unexpected).toBe(0);
    expect(stats.passed).toBeGreaterThan(0);
    expect(stats.failed).toBeGreaterThan(0);
    expect([...stats.refusals.keys()]).toEqual([]);

    // The counters the task list shows: tested and passed units, started at the first scan
    const counted = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: cellular!.taskId });
    expect(counted.status).toBe('START');
    expect(counted.testedNumber).toBeGreaterThan(3);
    expect(counted.finishNumber).toBeGreaterThan(0);
    expect(counted.finishNumber).toBeLessThan(counted.testedNumber);
    expect(counted.excelUsedCount).toBe(counted.testedNumber);
    // The DTU 生产看板 moves with it.
    expect(await api(DTU_TASK_ENDPOINTS.dtuTaskWatchCount, { taskId: cellular!.taskId })).toMatchObject({ total: 30, finished: counted.finishNumber });

    // The records of each task, as 设备检测 lists them
    const records = async (taskId: number) => (await api(DTU_TASK_ENDPOINTS.dtuTaskCheckinfoList, { taskId, pageSize: 0 })).list;
    const cellularRecords = await records(cellular!.taskId);
    expect(cellularRecords).toHaveLength(counted.testedNumber);
    expect(cellularRecords.filter((record) => record.testStatus === 'PASS')).toHaveLength(counted.finishNumber);
    expect(cellularRecords.every((record) => /^86\d{13}$/.test(record.imei) && /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(record.mac))).toBe(true);
    expect(cellularRecords.every((record) => record.serverVerified && record.testStatus !== null && record.terminalName !== null)).toBe(true);
    const failed = cellularRecords.find((record) => record.testStatus === 'NOT_PASS');
    if (failed) expect(failed.failures.length).toBeGreaterThan(0);
    const bluetoothRecords = await records(bluetooth!.taskId);
    expect(bluetoothRecords.length).toBeGreaterThan(3);
    expect(bluetoothRecords.every((record) => record.imei === '' && /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(record.mac))).toBe(true);
    expect((await records(rework!.taskId)).length).toBeGreaterThan(3);

    // A unit's detail: the delivered major/minor and its values
    const detailOf = await api(DTU_TASK_ENDPOINTS.dtuTaskCheckinfoDetail, { id: cellularRecords[0]!.id });
    expect(detailOf.majorMinor).toMatchObject({ major: 1001 });
    expect(detailOf.autoPropList.find((row) => row.autoPropEntity.code === 'CSQ')?.reportValue).toMatch(/^\d+$/);

    // The check log: the units' reports over MQTT, and the serial terminal's
    const log = async (dtuId: number, taskId: number) => (await api(DTU_TASK_ENDPOINTS.dtuTaskCheckHistoryList, { dtuId, taskId, pageSize: 500 })).list;
    const cellularLog = await log(detail.dtuId, cellular!.taskId);
    expect(cellularLog.length).toBeGreaterThan(cellularRecords.length);
    expect(cellularLog.every((row) => row.source === 'MQTT')).toBe(true);
    expect(cellularLog.some((row) => JSON.parse(row.content).ICCID)).toBe(true);
    expect(cellularLog.some((row) => 'MAJOR' in JSON.parse(row.content))).toBe(true);
    const bluetoothLog = await log((await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: bluetooth!.taskId })).dtuId, bluetooth!.taskId);
    expect(new Set(bluetoothLog.map((row) => row.source))).toEqual(new Set(['MQTT', 'STATION']));
    expect(bluetoothLog.find((row) => row.source === 'STATION' && JSON.parse(row.content).SERIAL_LOOPBACK)).toBeDefined();

  });
});
