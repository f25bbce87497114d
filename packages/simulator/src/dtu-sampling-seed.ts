import { DTU_SUBMISSION_ENDPOINTS, LINE_ENDPOINTS, MENU_ENDPOINTS, USER_ENDPOINTS } from '@factory/contracts';
import { type ConsoleApi, ConsoleApiError } from './console-client.js';
import { DTU_TESTER_ROLE, type DtuSamplingPlan, type DtuTestingPlan } from './dtu-plan.js';
import { dtusByType, ensurePads, type SeededDtuTesting } from './dtu-seed.js';
import { ensureRole, ensureUser } from './factory-seed.js';
import type { StationLogin } from './simulation.js';

type Log = (line: string) => void;

/** A seeded sampling bench: the task it samples, its terminal with its user, and the model's figures. */
export interface DtuSamplerLogin {
  taskId: number;
  taskName: string;
  dtuType: string;
  pad: StationLogin;
  standardVoltage: number;
  bandRate: number;
}

export interface SeededDtuSampling {
  samplers: DtuSamplerLogin[];
  /** sampling terminals left to a person, with their user */
  manual: (StationLogin & { taskName: string })[];
}

/**
 * Seeds sampling inspection (issue 18) through the console API, after the DTU tasks
 * (seedDtuTesting): the sampling terminals as PADs of the parts-check line, a
 * 配件检测员 user per simulated one, and each task's sampling bound as the console's
 * 配置抽检任务 dialog posts it (POST /api/checkTask/bind: the line, the terminals, the
 * quantity, level and AQL). Binding again is harmless; a task the server will not
 * bind (its firmware changed after a submission, a terminal busy with another task) is
 * logged and left unsampled.
 */
export async function seedDtuSampling(
  api: ConsoleApi,
  baseUrl: string,
  testing: DtuTestingPlan,
  plan: DtuSamplingPlan,
  seeded: SeededDtuTesting,
  log: Log = () => {},
): Promise<SeededDtuSampling> {
  const result: SeededDtuSampling = { samplers: [], manual: [] };
  const factoryId = (await api(LINE_ENDPOINTS.factoryList, { pageSize: 0 })).list[0]!.id;
  const lineId = (await api(LINE_ENDPOINTS.lineList, { factoryId, pageSize: 0 })).list.find((line) => line.lineNum === testing.line.lineNum)?.id;
  if (lineId === undefined) throw new Error(`no line ${testing.line.lineNum}: seed DTU testing first`);
  const padIds = await ensurePads(
    api,
    lineId,
    plan.tasks.flatMap((task) => [task.pad, ...(task.manualPad ? [task.manualPad] : [])]),
  );

  const menus = await api(MENU_ENDPOINTS.menuTree, { withFunction: 'true', forRole: 'true' });
  const roleId = await ensureRole(api, DTU_TESTER_ROLE, menus, (path) => path[0] === 'PAD APP' && path[1] === '配件检测');
  const defaultPassword = await api(USER_ENDPOINTS.userDefaultPassword);
  const onLine = [{ factoryId, lineId: [lineId] }];
  const dtus = await dtusByType(api);

  for (const [index, task] of plan.tasks.entries()) {
    const sampled = seeded.tasks.find((row) => row.name === task.taskName && !row.reworkTask);
    if (!sampled) {
      log(`sampling of ${task.taskName}: no such DTU task seeded, left out`);
      continue;
    }
    const username = await ensureUser(api, baseUrl, `${plan.userPrefix}${String(index + 1).padStart(2, '0')}`, roleId, onLine, defaultPassword, plan.password);
    const pads = [task.pad, ...(task.manualPad ? [task.manualPad] : [])];
    try {
      await api(DTU_SUBMISSION_ENDPOINTS.checkTaskBind, {
        id: sampled.taskId,
        aimLineId: lineId,
        pads: pads.map((pad) => padIds.get(pad.code)!),
        productionNumber: task.quantity,
        inspectionLevel: task.inspectionLevel,
        aql: task.aql,
      });
    } catch (error) {
      if (!(error instanceof ConsoleApiError)) throw error;
      log(`sampling of DTU任务 ${sampled.taskId} ${task.taskName} not bound: ${error.message}`);
      continue;
    }
    const dtu = dtus.get(sampled.dtuType);
    result.samplers.push({
      taskId: sampled.taskId,
      taskName: task.taskName,
      dtuType: sampled.dtuType,
      pad: { terminalCode: task.pad.code, username, password: plan.password },
      standardVoltage: Number(dtu?.standardVoltage) || 5,
      bandRate: dtu?.bandRate ?? 9600,
    });
    if (task.manualPad && testing.manualUser) {
      const manualUser = await ensureUser(api, baseUrl, testing.manualUser.name, roleId, onLine, defaultPassword, testing.manualUser.password);
      result.manual.push({ terminalCode: task.manualPad.code, username: manualUser, password: testing.manualUser.password, taskName: task.taskName });
    }
    log(
      `抽检 of DTU任务 ${sampled.taskId} ${task.taskName}: terminals ${pads.map((pad) => pad.code).join(', ')} (${username} at ${task.pad.code}), ` +
        `${task.quantity} samples a batch, level ${task.inspectionLevel}, AQL ${task.aql}`,
    );
  }
  return result;
}
