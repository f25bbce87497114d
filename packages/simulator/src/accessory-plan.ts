import type { AutoPropertyAddBody, CommunicationTypeCode, OtherPropertyAddBody, SerialPropertyAddBody } from '@factory/contracts';
import type { DevicePicture } from './demo-files.js';
import { DEMO_DTU_SAMPLING, DEMO_DTU_TESTING, type DtuSamplingPlan, type DtuTestingPlan } from './dtu-plan.js';

// The demo factory's accessory catalogue (issue 16): a DTU part with a cellular and a
// bluetooth model, each with the properties a factory really tests, and a
// communication module with its DTUs, so every accessory page is filled on a fresh demo.

type Without<T> = Omit<T, 'dtuId'>;

export interface DtuPlan {
  dtuType: string;
  modelType: string;
  productCompany: string;
  standardVoltage: string;
  bandRate: number;
  communicationType: CommunicationTypeCode | null;
  testFirmwareVersion: string;
  front: DevicePicture;
  back: DevicePicture;
  bom: [string, string, number][];
  serial: Without<SerialPropertyAddBody>[];
  auto: Without<AutoPropertyAddBody>[];
  other: Without<OtherPropertyAddBody>[];
  /** property codes (and other properties' names) left with testing stopped, to show both states */
  stopped?: string[];
}

export interface ModulePlan {
  modelType: string;
  communicationType: CommunicationTypeCode;
  standardVoltage: string;
  productCompany: string;
  picture: DevicePicture;
  /** DTU models under the module (English letters and digits) */
  dtus: string[];
}

export interface AccessoryPlan {
  partDesc: string;
  partPicture: DevicePicture;
  dtus: DtuPlan[];
  modules: ModulePlan[];
  /** DTU tasks tested at PADs in 配件检测 mode (dtu-plan.ts), seeded once the catalogue is */
  testing?: DtuTestingPlan;
  /** sampling inspection of the tasks' submitted batches (dtu-plan.ts), seeded once the tasks are */
  sampling?: DtuSamplingPlan;
}

const WHITE = [246, 247, 249] as const;
const LED_GREEN = [82, 196, 26] as const;
const LED_BLUE = [22, 119, 255] as const;
const LED_AMBER = [250, 173, 20] as const;

const APPEARANCE: Without<OtherPropertyAddBody>[] = [
  { category: '外观检查', property: '外壳', checkTool: '目测', checkStandard: '外壳无划痕、无变形、无污渍' },
  { category: '外观检查', property: '标签', checkTool: '目测', checkStandard: '标签清晰端正，型号与BOM一致' },
  { category: '接口检查', property: '接线端子', checkTool: '万用表', checkStandard: '端子牢固，电源与串口线导通正常' },
];

/** 4G Cat.1 三合一 DTU: reports IMEI, ICCID, CSQ, version and server verification over MQTT. */
const CELLULAR: DtuPlan = {
  dtuType: 'HR4GDTU01',
  modelType: 'EC800M_CN',
  productCompany: '上海移远通信',
  standardVoltage: '5.0',
  bandRate: 115200,
  communicationType: 'THREE_2_ONE',
  testFirmwareVersion: '1.2.0',
  front: { background: WHITE, body: [38, 50, 72], label: [240, 240, 240], leds: [LED_GREEN, LED_BLUE, LED_AMBER] },
  back: { background: WHITE, body: [38, 50, 72], label: [255, 255, 255], leds: [], back: true },
  bom: [
    ['EC800MCNLA', '4G模组 EC800M-CN', 1],
    ['NRF52832', '蓝牙芯片', 1],
    ['ANT4G01', '4G天线', 1],
    ['SHELL01', '外壳组件', 1],
  ],
  serial: [],
  auto: [
    { name: 'IMEI', code: 'IMEI', dataType: 'string', unique: true, description: '蜂窝模组的15位IMEI' },
    { name: 'ICCID', code: 'ICCID', dataType: 'string', unique: true, description: 'SIM卡ICCID' },
    { name: '信号质量', code: 'CSQ', dataType: 'int', verifyRule: 'RANGE', minValue: '15', maxValue: '31', description: 'CSQ 0-31' },
    { name: '固件版本', code: 'VERSION', dataType: 'string', verifyRule: 'EQUAL', aimValue: '1.2.0', description: '测试固件版本' },
    {
      name: '服务器校验',
      code: 'SERVER_VERIFY',
      dataType: 'boolean',
      trueValue: '通过',
      falseValue: '失败',
      aimBooleanValue: 1,
      description: '检测期间经MQTT上报',
    },
    { name: '供电电压', code: 'VOLTAGE', dataType: 'float', verifyRule: 'RANGE', minValue: '4.8', maxValue: '5.2', description: '单位V' },
  ],
  // a measured check too, so the report's 基本检测 shows values beside the visual verdicts
  other: [...APPEARANCE, { category: '尺寸检查', property: '外壳长度', checkTool: '游标卡尺', checkStandard: '100±0.5mm' }],
  stopped: ['VOLTAGE'],
};

/** 蓝牙 DTU: serial loop-back and baud rate at the station, MAC and RSSI read over Bluetooth. */
const BLUETOOTH: DtuPlan = {
  dtuType: 'HRBLEDTU02',
  modelType: 'NRF52832_BLE',
  productCompany: '深圳海容物联',
  standardVoltage: '3.3',
  bandRate: 9600,
  communicationType: 'bluetooth',
  testFirmwareVersion: '2.0.1',
  front: { background: WHITE, body: [22, 119, 255], label: [230, 244, 255], leds: [LED_GREEN, LED_BLUE] },
  back: { background: WHITE, body: [22, 119, 255], label: [255, 255, 255], leds: [], back: true },
  bom: [
    ['NRF52832', '蓝牙芯片', 1],
    ['CR2032', '纽扣电池', 1],
    ['SHELL02', '外壳组件', 1],
  ],
  serial: [
    { code: 'SERIAL_LOOPBACK', verifyRule: 'EQUAL', aimValue: 'OK' },
    { code: 'BAUD_RATE', verifyRule: 'EQUAL', aimValue: '9600' },
    { code: 'BLE_RSSI', verifyRule: 'RANGE', minValue: '-70', maxValue: '-30' },
  ],
  auto: [
    { name: '蓝牙MAC', code: 'MAC', dataType: 'string', unique: true, description: '设备蓝牙MAC地址' },
    { name: '信号强度', code: 'RSSI', dataType: 'int', verifyRule: 'RANGE', minValue: '-80', maxValue: '-30', description: '单位dBm' },
    { name: '电池电量', code: 'BATTERY', dataType: 'int', verifyRule: 'RANGE', minValue: '20', maxValue: '100', description: '百分比' },
    {
      name: '工作模式',
      code: 'WORK_MODE',
      dataType: 'enum',
      enumMap: JSON.stringify({ 0: '广播', 1: '连接', 2: '休眠' }),
      aimEnumMap: JSON.stringify({ 0: '广播' }),
      description: '出厂默认为广播',
    },
    { name: '固件版本', code: 'VERSION', dataType: 'string', verifyRule: 'EQUAL', aimValue: '2.0.1', description: '测试固件版本' },
  ],
  other: APPEARANCE.slice(0, 2),
  stopped: ['BATTERY'],
};

export const DEMO_ACCESSORIES: AccessoryPlan = {
  partDesc: '数据传输单元DTU',
  partPicture: { background: WHITE, body: [38, 50, 72], label: [250, 173, 20], leds: [LED_GREEN] },
  dtus: [CELLULAR, BLUETOOTH],
  modules: [
    {
      modelType: 'EC800M_CN',
      communicationType: 'THREE_2_ONE',
      standardVoltage: '3.8',
      productCompany: '上海移远通信技术',
      picture: { background: WHITE, body: [60, 64, 72], label: [200, 200, 200], leds: [LED_AMBER] },
      dtus: ['EC800MDTUA1', 'EC800MDTUB2'],
    },
  ],
  testing: DEMO_DTU_TESTING,
  sampling: DEMO_DTU_SAMPLING,
};
