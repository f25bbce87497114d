import {
  FLOW_ENDPOINTS,
  LINE_ENDPOINTS,
  MENU_ENDPOINTS,
  type MenuTreeNode,
  PRODUCT_ENDPOINTS,
  PROPERTY_ENDPOINTS,
  ROLE_ENDPOINTS,
  TASK_ENDPOINTS,
  TASK_TERMINAL_ENDPOINTS,
  type TaskStatus,
  TERMINAL_ENDPOINTS,
  USER_ENDPOINTS,
} from '@factory/contracts';
import { type ConsoleApi, setFirstPassword } from './console-client.js';
import { onePagePdf } from './demo-files.js';
import { seedAccessories } from './accessory-seed.js';
import type { StationLogin } from './simulation.js';
import {
  type FactoryPlan,
  type FlowItemPlan,
  OPERATOR_ROLE,
  type ProductPlan,
  SUPERVISOR_ROLE,
  type TaskPlan,
  WAREHOUSE_ROLE,
  type WarehousePlan,
} from './factory-plan.js';

export interface SeededTask {
  taskId: number;
  productNumber: string;
  units: number;
  stations: StationLogin[];
}

export interface SeededFactory {
  tasks: SeededTask[];
  supervisor: { username: string; password: string } | null;
  /** the 人工工位 PADs left to a person with the station app */
  manualStations: StationLogin[];
  /** the warehouse's PDA and user (role 仓库质检员), and the PDA left to a person */
  warehouse: (StationLogin & { manualTerminalCode: string | null }) | null;
}

type Log = (line: string) => void;

const ADMIN_NAME_SUFFIX = '@admin';

/** The day `days` from today in the server's zone is close enough to the local one for an expiry. */
export function dateFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function standardOf(item: FlowItemPlan, propertyId: number): Record<string, unknown> {
  if (item.range) return { id: propertyId, intervalNumber: 1, normalValue: String(item.range[0]), normalValueMax: String(item.range[1]) };
  if (item.value !== undefined) return { id: propertyId, intervalNumber: 0, normalValue: String(item.value) };
  if (item.flag !== undefined) return { id: propertyId, normalBoolean: item.flag ? 1 : 0 };
  if (item.text !== undefined) return { id: propertyId, normalStr: item.text };
  return { id: propertyId, normalEnums: item.enums ?? [] };
}

/**
 * Seeds a factory through the console API as the administrator would in the
 * console: lines, PADs on them, a station role (PAD APP) and one for a
 * supervisor, station users with their own passwords, published products whose
 * flows check every data type, and running tasks with PADs on every flow.
 * Whatever already exists under the plan's names is reused, so seeding twice
 * continues the same factory (a finished task is followed by a new one).
 */
export async function seedFactory(api: ConsoleApi, baseUrl: string, plan: FactoryPlan, log: Log = () => {}): Promise<SeededFactory> {
  const factoryId = (await api(LINE_ENDPOINTS.factoryList, { pageSize: 0 })).list[0]!.id;

  // Lines
  const lineIds = new Map<string, number>();
  const existingLines = (await api(LINE_ENDPOINTS.lineList, { factoryId, pageSize: 0 })).list;
  for (const line of plan.lines) {
    const found = existingLines.find((row) => row.lineNum === line.lineNum);
    lineIds.set(line.lineNum, found ? found.id : await api(LINE_ENDPOINTS.lineAdd, { factoryId, ...line }));
  }
  log(`lines ${plan.lines.map((line) => `${line.lineName} (${line.lineNum})`).join(', ')}`);

  // PADs, named after the flow they will serve
  const padCategory = Number(Object.keys(await api(TERMINAL_ENDPOINTS.terminalCategory, { terminalType: 'PAD' }))[0]);
  const padsByCode = await padsWithPrefix(api, plan.padPrefix);
  const taskPads: { code: string; id: number; flowIndex: number }[][] = [];
  for (const [taskIndex, task] of plan.tasks.entries()) {
    const lineId = lineIds.get(task.lineNums[0]!)!;
    const pads: { code: string; id: number; flowIndex: number }[] = [];
    for (const { code, name, flowIndex } of padsOfTask(plan, taskIndex)) {
      const id = padsByCode.get(code) ?? (await api(TERMINAL_ENDPOINTS.terminalAdd, { terminalCode: code, terminalName: name, terminalType: 'PAD', categoryId: padCategory, lineId }));
      pads.push({ code, id, flowIndex });
    }
    taskPads.push(pads);
  }
  log(`${taskPads.flat().length} PADs`);

  // Roles and users
  const menus = await api(MENU_ENDPOINTS.menuTree, { withFunction: 'true', forRole: 'true' });
  const operatorRole = await ensureRole(api, OPERATOR_ROLE, menus, (path) => path[0] === 'PAD APP');
  const operatorLines = [{ factoryId, lineId: [...lineIds.values()] }];
  const defaultPassword = await api(USER_ENDPOINTS.userDefaultPassword);
  const padCount = taskPads.flat().length - (plan.manualStation ? plan.tasks.length : 0);
  const operatorCount = Math.max(1, Math.min(plan.operatorCount ?? padCount, padCount));
  const operators: string[] = [];
  const names = Array.from({ length: operatorCount }, (_, index) => `${plan.operatorPrefix}${String(index + 1).padStart(2, '0')}`);
  // A few at a time: each new user costs the server three password hashes.
  for (let start = 0; start < names.length; start += 4) {
    operators.push(
      ...(await Promise.all(
        names.slice(start, start + 4).map((name) => ensureUser(api, baseUrl, name, operatorRole, operatorLines, defaultPassword, plan.operatorPassword)),
      )),
    );
  }
  log(`${operators.length} station users ${operators[0]} … ${operators.at(-1)} (role ${OPERATOR_ROLE})`);

  let manual: SeededFactory['manualStations'] = [];
  if (plan.manualStation) {
    const username = await ensureUser(api, baseUrl, plan.manualStation.name, operatorRole, operatorLines, defaultPassword, plan.manualStation.password);
    manual = plan.tasks.map((_task, taskIndex) => ({ terminalCode: manualPadCode(plan, taskIndex), username, password: plan.manualStation!.password }));
    log(`station user ${username} for the 人工工位 PADs ${manual.map((station) => station.terminalCode).join(', ')}`);
  }

  let supervisor: SeededFactory['supervisor'] = null;
  if (plan.supervisor) {
    const role = await ensureRole(api, SUPERVISOR_ROLE, menus, (path) => ['生产中心', '数据中心'].includes(path[0]!) || path.includes('终端管理'));
    const username = await ensureUser(api, baseUrl, plan.supervisor.name, role, operatorLines, defaultPassword, plan.supervisor.password);
    supervisor = { username, password: plan.supervisor.password };
    log(`supervisor ${username} (role ${SUPERVISOR_ROLE})`);
  }

  let warehouse: SeededFactory['warehouse'] = null;
  if (plan.warehouse) {
    warehouse = await seedWarehouse(api, baseUrl, plan.warehouse, menus, operatorLines, defaultPassword);
    const pdas = [warehouse.terminalCode, warehouse.manualTerminalCode].filter((code) => code !== null);
    log(`PDAs ${pdas.join(', ')} (on no line: a batch is stocked on its unit's line), warehouse user ${warehouse.username} (role ${WAREHOUSE_ROLE})`);
  }

  // Products and tasks
  const products = new Map<string, number>();
  for (const product of plan.products) products.set(product.number, await ensureProduct(api, product));
  log(`published products ${plan.products.map((product) => product.number).join(', ')}`);

  const tasks: SeededTask[] = [];
  let operatorIndex = 0;
  for (const [taskIndex, task] of plan.tasks.entries()) {
    const pads = taskPads[taskIndex]!;
    const taskId = await ensureTask(api, task, products.get(task.productNumber)!, [...lineIds.entries()], pads);
    // The task's own terminals (a task reused from an earlier run may have others than the plan's), but not the person's.
    const codes = (await taskTerminalCodes(api, taskId)).filter((code) => !manual.some((station) => station.terminalCode === code));
    tasks.push({
      taskId,
      productNumber: task.productNumber,
      units: task.units,
      stations: codes.map((terminalCode) => ({ terminalCode, username: operators[operatorIndex++ % operators.length]!, password: plan.operatorPassword })),
    });
    log(`task ${taskId}: ${task.productNumber}, ${task.units} units, ${codes.length} stations, started`);
  }
  if (plan.accessories) await seedAccessories(api, plan.accessories, log);
  return { tasks, supervisor, manualStations: manual, warehouse };
}

/**
 * The warehouse's PDAs (手持机, on no line, as the console has them) and its user, of a
 * role holding the PDA APP menus (入库, 抽检, 出库) and the console's 抽检管理 and 出库记录.
 */
async function seedWarehouse(
  api: ConsoleApi,
  baseUrl: string,
  plan: WarehousePlan,
  menus: MenuTreeNode[],
  lines: { factoryId: number; lineId: number[] }[],
  defaultPassword: string,
): Promise<NonNullable<SeededFactory['warehouse']>> {
  const categories = Object.entries(await api(TERMINAL_ENDPOINTS.terminalCategory, { terminalType: 'PDA' }));
  const handheld = Number((categories.find(([, name]) => name === '手持机') ?? categories[0]!)[0]);
  for (const pda of [plan.pda, ...(plan.manualPda ? [plan.manualPda] : [])]) {
    const list = await api(TERMINAL_ENDPOINTS.terminalList, { terminalType: 'PDA', padKey: pda.code });
    if ([...list.pdaFreeList, ...list.pdaUsedList].some((row) => row.padCode === pda.code)) continue;
    await api(TERMINAL_ENDPOINTS.terminalAdd, { terminalCode: pda.code, terminalName: pda.name, terminalType: 'PDA', categoryId: handheld });
  }
  const role = await ensureRole(api, WAREHOUSE_ROLE, menus, (path) => path[0] === 'PDA APP' || path.includes('抽检管理') || path.includes('出库记录'));
  const username = await ensureUser(api, baseUrl, plan.user.name, role, lines, defaultPassword, plan.user.password);
  return { terminalCode: plan.pda.code, username, password: plan.user.password, manualTerminalCode: plan.manualPda?.code ?? null };
}

const manualPadCode = (plan: FactoryPlan, taskIndex: number) => `${plan.padPrefix}-${taskIndex + 1}-M1`;

/** The PADs of the plan's task: the stations spread over its flows, then the 人工工位 PAD at flow 1. */
function padsOfTask(plan: FactoryPlan, taskIndex: number): { code: string; name: string; flowIndex: number }[] {
  const flows = productPlanOf(plan, plan.tasks[taskIndex]!).flows;
  const pads = Array.from({ length: Math.max(plan.tasks[taskIndex]!.stations, flows.length) }, (_, index) => ({
    code: `${plan.padPrefix}-${taskIndex + 1}-${String(index + 1).padStart(2, '0')}`,
    name: `${flows[index % flows.length]!.name}${Math.floor(index / flows.length) + 1}号`,
    flowIndex: index % flows.length,
  }));
  if (plan.manualStation) pads.push({ code: manualPadCode(plan, taskIndex), name: `人工工位${taskIndex + 1}号`, flowIndex: 0 });
  return pads;
}

/** What the next task of a plan's entry runs with, for the demo's output. */
export interface PlannedTask extends SeededTask {
  lineName: string;
  lineNum: string;
}

/**
 * The next task of the plan's task `taskIndex` once `previous` is over: the same
 * product, line and PADs (a finished task freed them), planned and started through
 * the console API as a supervisor would. A previous task still open (its flows
 * drained with units that can never pass) is finished first, so the PADs are free.
 * Each station keeps the user it had.
 */
export async function planNextTask(api: ConsoleApi, plan: FactoryPlan, taskIndex: number, previous: SeededTask): Promise<PlannedTask> {
  const task = plan.tasks[taskIndex]!;
  const lineNum = task.lineNums[0]!;
  const lineName = plan.lines.find((line) => line.lineNum === lineNum)?.lineName ?? lineNum;
  const status = await taskStatusOf(api, previous.taskId, previous.productNumber);
  if (status === 'START' || status === 'STOP') await api(TASK_ENDPOINTS.taskFinish, { id: previous.taskId });

  const factoryId = (await api(LINE_ENDPOINTS.factoryList, { pageSize: 0 })).list[0]!.id;
  const lines = (await api(LINE_ENDPOINTS.lineList, { factoryId, pageSize: 0 })).list;
  const padsByCode = await padsWithPrefix(api, plan.padPrefix);
  const pads = padsOfTask(plan, taskIndex).flatMap(({ code, flowIndex }) => {
    const id = padsByCode.get(code);
    return id === undefined ? [] : [{ id, flowIndex }];
  });
  const products = (await api(PRODUCT_ENDPOINTS.productQuery, { pageSize: 0 })).list;
  const productId = products.find((row) => row.number === task.productNumber)?.id;
  if (productId === undefined) throw new Error(`product ${task.productNumber} is gone`);
  const taskId = await ensureTask(api, task, productId, lines.map((line) => [line.lineNum, line.id]), pads);

  const userOf = new Map(previous.stations.map((station) => [station.terminalCode, station]));
  const fallback = previous.stations[0]!;
  const manual = plan.manualStation ? manualPadCode(plan, taskIndex) : null;
  const codes = (await taskTerminalCodes(api, taskId)).filter((code) => code !== manual);
  const stations = codes.map((terminalCode) => ({ ...(userOf.get(terminalCode) ?? fallback), terminalCode }));
  return { taskId, productNumber: task.productNumber, units: task.units, stations, lineName, lineNum };
}

/** A task's status, read from the task list as the console reads it. */
export async function taskStatusOf(api: ConsoleApi, taskId: number, productNumber: string): Promise<TaskStatus | undefined> {
  const list = await api(TASK_ENDPOINTS.taskList, { productNumberOrProductLineCode: productNumber, pageSize: 0 });
  return list.list.find((row) => row.id === taskId)?.status;
}

/** Codes of the terminals on the task's flows: the first of every flow, then the second of every flow … */
export async function taskTerminalCodes(api: ConsoleApi, taskId: number): Promise<string[]> {
  const data = await api(TASK_ENDPOINTS.taskEditData, { taskId });
  const perFlow = data.flowPads.map((flowPad) => flowPad.padInfos.map((pad) => pad.code));
  const codes: string[] = [];
  for (let index = 0; perFlow.some((pads) => index < pads.length); index++) {
    for (const pads of perFlow) if (index < pads.length) codes.push(pads[index]!);
  }
  return codes;
}

function productPlanOf(plan: FactoryPlan, task: TaskPlan): ProductPlan {
  const product = plan.products.find((candidate) => candidate.number === task.productNumber);
  if (!product) throw new Error(`the plan has no product ${task.productNumber}`);
  return product;
}

async function padsWithPrefix(api: ConsoleApi, prefix: string): Promise<Map<string, number>> {
  const list = await api(TERMINAL_ENDPOINTS.terminalList, { terminalType: 'PAD', padKey: prefix });
  const pads = [...list.freePadList, ...list.taskLineList.flatMap((group) => group.linePadList)];
  return new Map(pads.map((pad) => [pad.padCode, pad.padId]));
}

/** A role granting the menus (and all their buttons) whose path of names `wanted` accepts; reused when it exists. */
export async function ensureRole(api: ConsoleApi, roleName: string, tree: MenuTreeNode[], wanted: (path: string[]) => boolean): Promise<number> {
  const existing = await api(ROLE_ENDPOINTS.roleList, { roleName, pageSize: 0 });
  const found = existing.list.find((role) => role.roleName === roleName);
  if (found) return found.id;
  const grants: { menuId: number; funIdList: number[] }[] = [];
  const walk = (nodes: MenuTreeNode[], path: string[]) => {
    for (const node of nodes) {
      if (node.type !== 0) continue;
      const here = [...path, node.name];
      const buttons = node.children.filter((child) => child.type === 1).map((child) => child.id);
      if (node.url !== '/' && wanted(here)) grants.push({ menuId: node.id, funIdList: buttons });
      walk(node.children, here);
    }
  };
  walk(tree, []);
  return api(ROLE_ENDPOINTS.roleCreate, { roleName, roleMenuFunctionVOS: grants });
}

/** A user under admin with the role; a new one gets its own password at once. Answers the stored name (`name@admin`). */
export async function ensureUser(
  api: ConsoleApi,
  baseUrl: string,
  name: string,
  roleId: number,
  facLineVos: { factoryId: number; lineId: number[] }[],
  defaultPassword: string,
  password: string,
): Promise<string> {
  const existing = await api(USER_ENDPOINTS.userList, { userName: name, pageSize: 0 });
  const found = existing.list.find((user) => user.userName === name || user.userName === `${name}${ADMIN_NAME_SUFFIX}`);
  if (found) return found.userName;
  await api(USER_ENDPOINTS.userCreate, { userName: name, roleId, facLineVos });
  const userName = `${name}${ADMIN_NAME_SUFFIX}`;
  await setFirstPassword(baseUrl, userName, defaultPassword, password);
  return userName;
}

/** The product, published, with its properties and flows; reused (as it is) when its model exists. */
async function ensureProduct(api: ConsoleApi, product: ProductPlan): Promise<number> {
  const existing = await api(PRODUCT_ENDPOINTS.productQuery, { pageSize: 0 });
  const found = existing.list.find((row) => row.number === product.number);
  if (found) {
    if (found.publishStatus === 'UNPUBLISH' && found.flowCount > 0) await api(PRODUCT_ENDPOINTS.productPublish, { id: found.id });
    return found.id;
  }
  const types = await api(PRODUCT_ENDPOINTS.productTypes);
  const formats = await api(PRODUCT_ENDPOINTS.dataFormats);
  const units = await api(PRODUCT_ENDPOINTS.units);
  const productId = await api(PRODUCT_ENDPOINTS.productCreate, {
    productTypeId: types.find((type) => type.name === product.typeName)!.id,
    number: product.number,
    code: product.code,
    connectInternet: product.communication !== null,
    communicationId: product.communication,
    dataFormatId: formats[0]!.id,
    description: product.description,
  });

  for (const property of product.properties) {
    const unitId = property.unit ? units.find((unit) => unit.name.startsWith(property.unit!))?.id : undefined;
    await api(PROPERTY_ENDPOINTS.propertyAdd, {
      productId,
      name: property.name,
      code: property.code,
      dataTypeId: property.dataTypeId,
      description: property.description,
      valueDescription: '',
      trueValue: property.trueValue ?? '',
      falseValue: property.falseValue ?? '',
      min: property.min ?? '',
      max: property.max ?? '',
      unitId: unitId ?? null,
      length: property.length ?? '',
      enumerates: property.enumerates ? Object.fromEntries(property.enumerates.map((label, key) => [String(key), label])) : null,
    });
  }
  const properties = (await api(PROPERTY_ENDPOINTS.propertyList, { productId, pageSize: 0 })).list;
  const propertyId = (code: string) => properties.find((property) => property.code === code)!.id;

  for (const flow of product.flows) {
    const form = new FormData();
    const items = flow.items.map((item) => standardOf(item, propertyId(item.code)));
    form.append('productFlowParams', JSON.stringify({ productId, name: flow.name, bindMac: Boolean(flow.bindMac), items, manualItems: flow.manualItems }));
    if (flow.pdf) form.append('pdf', onePagePdf(`Work instruction: ${flow.name}`), `${flow.name}作业指导书.pdf`);
    await api(FLOW_ENDPOINTS.flowAdd, form);
  }
  await api(PRODUCT_ENDPOINTS.productPublish, { id: productId });
  return productId;
}

/**
 * The product's unfinished task, or a new one; its PADs on its flows and the task
 * started. A task someone stopped in the console is started again.
 */
async function ensureTask(
  api: ConsoleApi,
  task: TaskPlan,
  productId: number,
  lines: [string, number][],
  pads: { id: number; flowIndex: number }[],
): Promise<number> {
  const list = await api(TASK_ENDPOINTS.taskList, { productNumberOrProductLineCode: task.productNumber, pageSize: 0 });
  const open = list.list.find((row) => row.productId === productId && row.status !== 'FINISH');
  const product = await api(PRODUCT_ENDPOINTS.productDetail, { id: productId });
  const taskId =
    open?.id ??
    (await api(TASK_ENDPOINTS.taskCreate, {
      productTypeId: product.productTypeId,
      productId,
      productNumber: product.number,
      productionLineIds: task.lineNums.map((lineNum) => lines.find(([num]) => num === lineNum)![1]),
      productionCount: task.units,
      expireTime: dateFromToday(task.expireDays ?? 14),
    }));
  const status = open?.status ?? 'NEW';
  if (status === 'NEW') {
    const data = await api(TASK_ENDPOINTS.taskEditData, { taskId });
    const flowId2PadId = data.flowPads.map((flowPad, index) => ({
      flowId: flowPad.flow.id,
      padIdList: pads.filter((pad) => pad.flowIndex === index).map((pad) => pad.id),
    }));
    await api(TASK_TERMINAL_ENDPOINTS.padSet, { taskId, flowId2PadId });
  }
  if (status !== 'START') await api(TASK_ENDPOINTS.taskStart, { id: taskId });
  return taskId;
}
