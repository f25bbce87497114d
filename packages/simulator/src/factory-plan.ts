import type { DataType } from '@factory/contracts';
import { type AccessoryPlan, DEMO_ACCESSORIES } from './accessory-plan.js';

/** A custom property of a product (seed 001 §4), as property/add takes it; `unit` is the start of a unit's name (伏特). */
export interface PropertyPlan {
  name: string;
  code: string;
  dataTypeId: DataType;
  description: string;
  unit?: string;
  min?: number;
  max?: number;
  length?: number;
  trueValue?: string;
  falseValue?: string;
  /** labels of keys 0, 1, 2 … */
  enumerates?: string[];
}

/** An auto-check item of a flow: the property (by code) and its standard value. */
export interface FlowItemPlan {
  code: string;
  /** a min–max range (numbers) */
  range?: [number, number];
  /** one exact value (numbers) */
  value?: number;
  /** true: the property's true value is the standard */
  flag?: boolean;
  text?: string;
  /** enum keys that pass */
  enums?: string[];
}

export interface FlowPlan {
  name: string;
  /** the station scans MAC (or IMEI, by communication) and binds it to the device */
  bindMac?: boolean;
  items: FlowItemPlan[];
  manualItems: string[];
  /** attach a one-page work-instruction PDF */
  pdf?: boolean;
}

export interface ProductPlan {
  typeName: string;
  /** the model (型号), unique */
  number: string;
  code: string;
  /** a communication type id (WIFI, 2.4G …); null for a product without network */
  communication: string | null;
  description: string;
  properties: PropertyPlan[];
  flows: FlowPlan[];
}

export interface TaskPlan {
  /** the product's model */
  productNumber: string;
  /** line codes the task runs on; its PADs stand on the first */
  lineNums: string[];
  units: number;
  /** PADs for the task, spread over its flows (every flow gets at least one) */
  stations: number;
  /** days until the task expires */
  expireDays?: number;
}

export interface UserPlan {
  /** the name part; the server stores `name@admin` */
  name: string;
  password: string;
}

export interface FactoryPlan {
  lines: { lineName: string; lineNum: string }[];
  products: ProductPlan[];
  tasks: TaskPlan[];
  /** terminal codes are `<padPrefix>-<task>-<nn>` */
  padPrefix: string;
  /** station users are `<operatorPrefix>01`, `02` …; one per PAD unless operatorCount says fewer */
  operatorPrefix: string;
  operatorPassword: string;
  operatorCount?: number;
  /** a console user with the production menus, to watch the demo as a supervisor would */
  supervisor?: UserPlan;
  /**
   * A PAD at flow 1 of every task (`<padPrefix>-<task>-M1`, 人工工位) that no simulated station uses, and the
   * station user for it: a person trying the station app there is not signed out by the simulator.
   */
  manualStation?: UserPlan;
  /** the finished-goods warehouse: PDAs and the user of role 仓库质检员 who works them */
  warehouse?: WarehousePlan;
  /** the accessory catalogue: a DTU part with its models and properties, communication modules with their DTUs */
  accessories?: AccessoryPlan;
}

/**
 * The warehouse's PDAs (手持机) and its user. A PDA stands on no line (the console refuses
 * one: 手持机不绑定产线); a batch is stocked on the line of its unit's task, so one PDA
 * serves every line.
 */
export interface WarehousePlan {
  /** the PDA the simulated warehouse works at */
  pda: { code: string; name: string };
  /** a PDA no simulated warehouse uses, for a person with the station app */
  manualPda?: { code: string; name: string };
  /** role 仓库质检员: PDA APP (入库, 抽检, 出库) and the console's 抽检管理 and 出库记录 */
  user: UserPlan;
}

export const OPERATOR_ROLE = '工位操作员';
export const SUPERVISOR_ROLE = '生产主管';
export const WAREHOUSE_ROLE = '仓库质检员';

/** 智能网关: WiFi, MAC bound at 通信检测; every data type among its checks. */
export const GATEWAY: ProductPlan = {
  typeName: '智能网关',
  number: 'GW_100_PRO',
  code: 'GW100PRO',
  communication: 'WIFI',
  description: '家用智能网关，支持WiFi与2.4G子设备接入、远程升级',
  properties: [
    { name: '电源开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', description: '主电源状态' },
    { name: '供电电压', code: 'voltage', dataTypeId: 'float', min: 0, max: 5, unit: '伏特', description: '板载供电电压' },
    { name: '工作电流', code: 'current', dataTypeId: 'int', min: 0, max: 2000, unit: '毫安', description: '整机工作电流' },
    { name: '信号强度', code: 'rssi', dataTypeId: 'int', min: -120, max: 0, unit: '分贝毫瓦', description: 'WiFi接收信号强度' },
    { name: '信号档位', code: 'signal_level', dataTypeId: 'enum', enumerates: ['弱', '中', '强'], description: '无线信号强度档位' },
    { name: '固件版本', code: 'firmware_version', dataTypeId: 'string', length: 16, description: '当前固件版本号' },
    { name: '待机功率', code: 'standby_power', dataTypeId: 'float', min: 0, max: 5, unit: '瓦特', description: '待机状态功率' },
    { name: '工作温度', code: 'temperature', dataTypeId: 'int', min: -20, max: 85, unit: '摄氏度', description: '芯片温度' },
  ],
  flows: [
    {
      name: '上电检测',
      items: [{ code: 'power', flag: true }, { code: 'voltage', range: [3.1, 3.5] }, { code: 'current', range: [80, 150] }],
      manualItems: ['指示灯常亮'],
      pdf: true,
    },
    { name: '通信检测', bindMac: true, items: [{ code: 'rssi', range: [-70, -20] }, { code: 'signal_level', enums: ['1', '2'] }], manualItems: [] },
    { name: '版本校验', items: [{ code: 'firmware_version', text: 'v2.1.0' }], manualItems: ['按键回弹正常'] },
    {
      name: '整机终检',
      items: [{ code: 'standby_power', value: 1.2 }, { code: 'temperature', range: [20, 45] }],
      manualItems: ['外壳无划痕', '标签端正'],
    },
  ],
};

/** 智能插座: 2.4G, so its stations scan an IMEI at 通信检测. */
export const SOCKET: ProductPlan = {
  typeName: '智能插座',
  number: 'SP_220_PLUS',
  code: 'SP220PLUS',
  communication: '2.4G',
  description: '计量型智能插座，2.4G组网，过载保护',
  properties: [
    { name: '继电器状态', code: 'relay', dataTypeId: 'boolean', trueValue: '吸合', falseValue: '断开', description: '继电器触点状态' },
    { name: '功率读数', code: 'power_reading', dataTypeId: 'float', min: 0, max: 3000, unit: '瓦特', description: '标准负载下的功率读数' },
    { name: '计量误差', code: 'metering_error', dataTypeId: 'double', min: -10, max: 10, unit: '百分比', description: '计量相对误差' },
    { name: '版本号', code: 'version', dataTypeId: 'string', length: 16, description: '固件版本号' },
    { name: '工作模式', code: 'work_mode', dataTypeId: 'enum', enumerates: ['定时', '常开', '节能'], description: '出厂默认模式' },
  ],
  flows: [
    { name: '功率校准', items: [{ code: 'power_reading', range: [995, 1005] }, { code: 'metering_error', range: [-0.5, 0.5] }], manualItems: [], pdf: true },
    { name: '通信检测', bindMac: true, items: [{ code: 'relay', flag: true }, { code: 'work_mode', enums: ['0', '1'] }], manualItems: [] },
    { name: '整机终检', items: [{ code: 'version', text: 'SP-1.0.3' }], manualItems: ['插孔无异物', '外观完好'] },
  ],
};

/**
 * The demo factory: two lines, two published products and one running task of
 * each, with `stations` PADs shared between the tasks by their number of flows.
 */
export function demoPlan(options: { stations: number; units?: number }): FactoryPlan {
  const gatewayFlows = GATEWAY.flows.length;
  const socketFlows = SOCKET.flows.length;
  const stations = Math.max(options.stations, gatewayFlows + socketFlows);
  const gatewayStations = Math.max(gatewayFlows, Math.round((stations * gatewayFlows) / (gatewayFlows + socketFlows)));
  const units = options.units ?? 3000;
  return {
    lines: [
      { lineName: '总装一线', lineNum: 'ZZ_01' },
      { lineName: '总装二线', lineNum: 'ZZ_02' },
    ],
    products: [GATEWAY, SOCKET],
    tasks: [
      { productNumber: GATEWAY.number, lineNums: ['ZZ_01'], units, stations: gatewayStations, expireDays: 14 },
      { productNumber: SOCKET.number, lineNums: ['ZZ_02'], units: Math.round(units * 0.6), stations: stations - gatewayStations, expireDays: 21 },
    ],
    padPrefix: 'SIM',
    operatorPrefix: 'op',
    operatorPassword: 'Station123',
    supervisor: { name: 'zhuguan', password: 'Super12345' },
    manualStation: { name: 'worker', password: 'Station123' },
    warehouse: {
      pda: { code: 'SIM-PDA-01', name: '成品仓手持1号' },
      manualPda: { code: 'SIM-PDA-M1', name: '成品仓手持人工' },
      user: { name: 'zhijian', password: 'Check12345' },
    },
    accessories: DEMO_ACCESSORIES,
  };
}

/** One task of `units` units whose `stations` PADs serve the flows of `product` (tests, benchmarks). */
export function singleTaskPlan(product: ProductPlan, options: { units: number; stations: number; operatorCount?: number; padPrefix?: string }): FactoryPlan {
  return {
    lines: [{ lineName: '测试产线', lineNum: 'LOAD_01' }],
    products: [product],
    tasks: [{ productNumber: product.number, lineNums: ['LOAD_01'], units: options.units, stations: options.stations, expireDays: 7 }],
    padPrefix: options.padPrefix ?? 'LOAD',
    operatorPrefix: 'load',
    operatorPassword: 'Station123',
    ...(options.operatorCount === undefined ? {} : { operatorCount: options.operatorCount }),
  };
}
