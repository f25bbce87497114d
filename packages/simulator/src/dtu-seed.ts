import {
  DTU_ENDPOINTS,
  DTU_TASK_ENDPOINTS,
  DTU_TASK_EXCEL_FIELD,
  DTU_TASK_PARAM_FIELD,
  type Dtu,
  FITTING_ENDPOINTS,
  LINE_ENDPOINTS,
  MENU_ENDPOINTS,
  TERMINAL_ENDPOINTS,
  USER_ENDPOINTS,
} from '@factory/contracts';
import ExcelJS from 'exceljs';
import type { ConsoleApi } from './console-client.js';
import { DTU_TESTER_ROLE, type DtuTaskPlan, type DtuTestingPlan, type TerminalPlan } from './dtu-plan.js';
import { dateFromToday, ensureRole, ensureUser } from './factory-seed.js';
import type { StationLogin } from './simulation.js';

type Log = (line: string) => void;

const DTU_PART_TYPE = 1;

/** A seeded bench: its task, its PAD and serial terminal with their user, and the model's figures. */
export interface DtuBenchLogin {
  taskId: number;
  taskName: string;
  reworkTask: boolean;
  dtuType: string;
  pad: StationLogin;
  serial: StationLogin | null;
  standardVoltage: number;
  bandRate: number;
}

export interface SeededDtuTesting {
  benches: DtuBenchLogin[];
  /** PADs on a task left to a person, with their user */
  manual: (StationLogin & { taskName: string })[];
  tasks: { taskId: number; name: string; reworkTask: boolean; dtuType: string }[];
}

/**
 * The major/minor Excel of a task's data delivery: a header row `major`, `minor`, then
 * one pair per unit. Major is the batch (a thousand units each), minor the unit in it,
 * as iBeacon deployments number their beacons.
 */
export async function majorMinorXlsx(rows: number, firstMajor = 1001): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('major_minor');
  sheet.addRow(['major', 'minor']);
  for (let index = 0; index < rows; index++) sheet.addRow([firstMajor + Math.floor(index / 1000), (index % 1000) + 1]);
  const bytes = await workbook.xlsx.writeBuffer();
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** The DTU models of the catalogue's DTU parts, by model (型号). */
export async function dtusByType(api: ConsoleApi): Promise<Map<string, Dtu>> {
  const parts = (await api(FITTING_ENDPOINTS.fittingList, { fittingType: DTU_PART_TYPE, pageSize: 0 })).list;
  const dtus = new Map<string, Dtu>();
  for (const part of parts) for (const dtu of (await api(DTU_ENDPOINTS.dtuList, { fittingId: part.id })).list) dtus.set(dtu.dtuType, dtu);
  return dtus;
}

const userName = (plan: DtuTestingPlan, index: number) => `${plan.userPrefix}${String(index + 1).padStart(2, '0')}`;

/**
 * Seeds DTU testing through the console API as staff would set it up (after the
 * accessory catalogue, whose DTU models it tests): the parts-check line and its PADs,
 * role 配件检测员 (PAD APP → 配件检测) with a user per bench, and the plan's tasks,
 * each with its PADs (and serial terminals), the cellular one with its major/minor
 * Excel. What exists under the plan's names is reused: an open task of the same name
 * goes on (started again when stopped), so seeding twice continues the same tests.
 */
export async function seedDtuTesting(api: ConsoleApi, baseUrl: string, plan: DtuTestingPlan, log: Log = () => {}): Promise<SeededDtuTesting> {
  const factoryId = (await api(LINE_ENDPOINTS.factoryList, { pageSize: 0 })).list[0]!.id;
  const lines = (await api(LINE_ENDPOINTS.lineList, { factoryId, pageSize: 0 })).list;
  const lineId = lines.find((line) => line.lineNum === plan.line.lineNum)?.id ?? (await api(LINE_ENDPOINTS.lineAdd, { factoryId, ...plan.line }));
  const aimLineId = lines.find((line) => line.lineNum === plan.aimLineNum)?.id ?? lineId;

  // The PADs of every task, on the parts-check line
  const terminals = plan.tasks.flatMap((task) => [...task.benches.flatMap((bench) => [bench.pad, ...(bench.serial ? [bench.serial] : [])]), ...(task.manualPads ?? [])]);
  const padIds = await ensurePads(api, lineId, terminals);
  log(`line ${plan.line.lineName} (${plan.line.lineNum}) with PADs ${terminals.map((terminal) => terminal.code).join(', ')}`);

  // The role and its users, on the parts-check line
  const menus = await api(MENU_ENDPOINTS.menuTree, { withFunction: 'true', forRole: 'true' });
  const roleId = await ensureRole(api, DTU_TESTER_ROLE, menus, (path) => path[0] === 'PAD APP' && path[1] === '配件检测');
  const defaultPassword = await api(USER_ENDPOINTS.userDefaultPassword);
  const onLine = [{ factoryId, lineId: [lineId] }];
  const benchCount = plan.tasks.reduce((sum, task) => sum + task.benches.length, 0);
  const users: string[] = [];
  for (let index = 0; index < benchCount; index++) {
    users.push(await ensureUser(api, baseUrl, userName(plan, index), roleId, onLine, defaultPassword, plan.password));
  }
  const manualUser = plan.manualUser ? await ensureUser(api, baseUrl, plan.manualUser.name, roleId, onLine, defaultPassword, plan.manualUser.password) : null;
  log(`role ${DTU_TESTER_ROLE} (PAD APP → 配件检测), users ${[...users, ...(manualUser ? [manualUser] : [])].join(', ')}`);

  // The tasks
  const dtus = await dtusByType(api);
  const seeded: SeededDtuTesting = { benches: [], manual: [], tasks: [] };
  let benchIndex = 0;
  for (const task of plan.tasks) {
    const dtu = dtus.get(task.dtuType);
    if (!dtu) throw new Error(`the catalogue has no DTU ${task.dtuType}: seed the accessories first`);
    const taskId = await ensureDtuTask(api, task, dtu, { lineId, aimLineId }, padIds);
    const detail = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId });
    const onTask = new Set([...detail.pads, ...detail.serialPads].map((pad) => pad.code));
    const kind = task.reworkTask ? '返工任务' : 'DTU任务';
    seeded.tasks.push({ taskId, name: task.fittingType, reworkTask: task.reworkTask, dtuType: task.dtuType });
    for (const bench of task.benches) {
      const username = users[benchIndex++]!;
      // A task reused from an earlier run may have other terminals than the plan's.
      if (!onTask.has(bench.pad.code)) continue;
      const login = (code: string): StationLogin => ({ terminalCode: code, username, password: plan.password });
      seeded.benches.push({
        taskId,
        taskName: task.fittingType,
        reworkTask: task.reworkTask,
        dtuType: task.dtuType,
        pad: login(bench.pad.code),
        serial: bench.serial && onTask.has(bench.serial.code) ? login(bench.serial.code) : null,
        standardVoltage: Number(dtu.standardVoltage) || 5,
        bandRate: dtu.bandRate ?? 9600,
      });
    }
    if (manualUser && plan.manualUser) {
      for (const pad of task.manualPads ?? []) {
        if (onTask.has(pad.code)) seeded.manual.push({ terminalCode: pad.code, username: manualUser, password: plan.manualUser.password, taskName: task.fittingType });
      }
    }
    const excel = detail.needExcel ? `, major/minor for ${detail.excelRowCount} units` : '';
    log(`${kind} ${taskId} ${task.fittingType}: ${task.dtuType}, ${task.productionNumber} units${excel}, PADs ${[...onTask].join(', ')}, ${detail.status}`);
  }
  return seeded;
}

/** The line's PADs by code, with those of `terminals` it lacked added to it. */
export async function ensurePads(api: ConsoleApi, lineId: number, terminals: readonly TerminalPlan[]): Promise<Map<string, number>> {
  const padCategory = Number(Object.keys(await api(TERMINAL_ENDPOINTS.terminalCategory, { terminalType: 'PAD' }))[0]);
  const padIds = new Map((await api(DTU_TASK_ENDPOINTS.dtuTaskPadList, { lineId })).map((pad) => [pad.code, pad.id]));
  for (const terminal of terminals) {
    if (padIds.has(terminal.code)) continue;
    const id = await api(TERMINAL_ENDPOINTS.terminalAdd, { terminalCode: terminal.code, terminalName: terminal.name, terminalType: 'PAD', categoryId: padCategory, lineId });
    padIds.set(terminal.code, id);
  }
  return padIds;
}

/**
 * The plan's task: its open one of the same name (started again when stopped), or a
 * new one with the plan's PADs, serial terminals and Excel, as the task form sends it.
 */
async function ensureDtuTask(
  api: ConsoleApi,
  task: DtuTaskPlan,
  dtu: Dtu,
  lines: { lineId: number; aimLineId: number },
  padIds: ReadonlyMap<string, number>,
): Promise<number> {
  const existing = await api(DTU_TASK_ENDPOINTS.dtuTaskList, { dtuId: dtu.id, reworkTask: task.reworkTask, pageSize: 0 });
  const open = existing.list.find((row) => row.fittingType === task.fittingType && row.status !== 'FINISH');
  if (open) {
    if (open.status === 'STOP') await api(DTU_TASK_ENDPOINTS.dtuTaskStart, { taskId: open.id });
    return open.id;
  }
  const idOf = (code: string) => padIds.get(code)!;
  const delivers = task.excelRows > 0 && dtu.communicationType === 'THREE_2_ONE';
  const param = {
    dtuId: dtu.id,
    reworkTask: task.reworkTask,
    fittingType: task.fittingType,
    productLineId: lines.lineId,
    aimLineId: lines.aimLineId,
    pads: [...task.benches.map((bench) => bench.pad.code), ...(task.manualPads ?? []).map((pad) => pad.code)].map(idOf),
    padsForComCheck: task.benches.flatMap((bench) => (bench.serial ? [idOf(bench.serial.code)] : [])),
    expireTime: dateFromToday(task.expireDays),
    productionNumber: task.productionNumber,
    testFirmwareVersion: dtu.testFirmwareVersion,
    needExcel: delivers,
    duplicateEnable: task.duplicateEnable,
  };
  const form = new FormData();
  // The JSON part as a text field, as the console's form sends it.
  form.append(DTU_TASK_PARAM_FIELD, JSON.stringify(param));
  if (delivers) form.append(DTU_TASK_EXCEL_FIELD, await majorMinorXlsx(task.excelRows), `${task.fittingType}_major_minor.xlsx`);
  return api(DTU_TASK_ENDPOINTS.dtuTaskAdd, form);
}
