/**
 * The accessory catalogue's fixed lists (seed 002 §3, §9; DESIGN.md §9.2): part
 * types, communication types, the DTU data types, and per communication type the
 * values a DTU of that type reports (the serial and automatic test properties a
 * DTU model may choose from). docs/accessory-catalogue.md says what each code means and
 * how a DTU reports it; the keys of a DTU's MQTT report are these codes.
 */

/** Part (fitting) types: only DTU today (seed 002 §9). */
export const FITTING_TYPES = [{ id: 1, name: 'DTU' }] as const;
export type FittingTypeId = (typeof FITTING_TYPES)[number]['id'];
export const fittingTypeName = (id: number): string => FITTING_TYPES.find((type) => type.id === id)?.name ?? '配件';

/** How a unit of the type is told apart on the line: the submit-record detail shows IMEI or MAC by this. */
export type UnitIdentity = 'IMEI' | 'MAC';

export const COMMUNICATION_TYPES = [
  { code: 'THREE_2_ONE', name: '海容三合一', identity: 'IMEI' },
  { code: 'bluetooth', name: '蓝牙', identity: 'MAC' },
  { code: 'WIFI', name: 'WIFI', identity: 'MAC' },
  { code: '2.4G', name: '2.4G', identity: 'IMEI' },
  { code: 'other', name: '其他', identity: 'IMEI' },
] as const satisfies readonly { code: string; name: string; identity: UnitIdentity }[];
export type CommunicationTypeCode = (typeof COMMUNICATION_TYPES)[number]['code'];
export const COMMUNICATION_TYPE_CODES = COMMUNICATION_TYPES.map((type) => type.code) as [CommunicationTypeCode, ...CommunicationTypeCode[]];
/** 'other' needs a description of the method (seed 002 §9) */
export const OTHER_COMMUNICATION = 'other';
/** 'bluetooth' enables serial test properties (seed 002 §9) */
export const BLUETOOTH = 'bluetooth';

export function communicationTypeName(code: string | null | undefined): string {
  return COMMUNICATION_TYPES.find((type) => type.code === code)?.name ?? (code ?? '');
}

/** A serial test property checks a value against one standard (EQUAL) or a range (RANGE). */
export const VERIFY_RULES = ['EQUAL', 'RANGE'] as const;
export type VerifyRule = (typeof VERIFY_RULES)[number];
export const VERIFY_RULE_NAMES: Record<VerifyRule, string> = { EQUAL: '单值', RANGE: '范围' };

/** Data types of automatic test properties (seed 002 §9: double is shown as float). */
export const DTU_DATA_TYPES = [
  { code: 'int', name: '整数(int)' },
  { code: 'float', name: '浮点数(float)' },
  { code: 'double', name: '浮点数(double)' },
  { code: 'boolean', name: '布尔(boolean)' },
  { code: 'enum', name: '枚举(enum)' },
  { code: 'string', name: '字符串(string)' },
] as const;
export type DtuDataType = (typeof DTU_DATA_TYPES)[number]['code'];
export const DTU_DATA_TYPE_CODES = DTU_DATA_TYPES.map((type) => type.code) as [DtuDataType, ...DtuDataType[]];
export const DTU_NUMERIC_TYPES: readonly DtuDataType[] = ['int', 'float', 'double'];
/** The types a uniqueness check applies to (seed 002 §5). */
export const DTU_UNIQUE_TYPES: readonly DtuDataType[] = ['string', 'int', 'double', 'float'];

/** One value a DTU reports: its key in the report, what it is, how it may be checked. */
export interface CatalogueItem {
  code: string;
  name: string;
  verifyRules: readonly VerifyRule[];
  /** automatic properties: the data type the value has */
  dataType: DtuDataType;
  /** no two units may report the same value (an identity: IMEI, ICCID, MAC) */
  unique?: boolean;
  unit?: string;
  description: string;
}

const item = (
  code: string,
  name: string,
  dataType: DtuDataType,
  verifyRules: readonly VerifyRule[],
  description: string,
  extra: { unique?: boolean; unit?: string } = {},
): CatalogueItem => ({ code, name, dataType, verifyRules, description, ...extra });

const EQUAL: readonly VerifyRule[] = ['EQUAL'];
const BOTH: readonly VerifyRule[] = ['EQUAL', 'RANGE'];

const VERSION = item('VERSION', '固件版本', 'string', EQUAL, '模组上报的固件版本号，与任务的测试固件版本比对');
const SERVER_VERIFY = item(
  'SERVER_VERIFY',
  '服务器校验',
  'boolean',
  EQUAL,
  '设备在检测期间经 MQTT 向服务器上报了自己的数据（由服务器判定，设备无需上报此项）',
);
const VOLTAGE = item('VOLTAGE', '供电电压', 'float', BOTH, '设备测得的供电电压', { unit: 'V' });

/**
 * Serial test properties (串口检测属性): read by the station over the unit's serial
 * link, offered only for bluetooth DTUs (seed 002 §2). Other types have none.
 */
export const SERIAL_CATALOGUE: Readonly<Record<string, readonly CatalogueItem[]>> = {
  bluetooth: [
    item('SERIAL_LOOPBACK', '串口回环', 'string', EQUAL, '工装向串口发送测试帧，设备原样返回的内容（如 OK）'),
    item('BAUD_RATE', '串口波特率', 'int', EQUAL, '设备串口协商出的波特率', { unit: 'bps' }),
    item('BLE_RSSI', '蓝牙信号强度', 'int', BOTH, '工装测得的设备蓝牙广播信号强度', { unit: 'dBm' }),
    item('TX_POWER', '发射功率', 'int', BOTH, '设备配置的蓝牙发射功率', { unit: 'dBm' }),
    item('SUPPLY_CURRENT', '工作电流', 'float', BOTH, '串口通信时工装测得的工作电流', { unit: 'mA' }),
    item('SERIAL_VERSION', '串口固件版本', 'string', EQUAL, '经串口 AT 指令读到的固件版本'),
  ],
};

/**
 * Automatic test properties (自动检测属性) per communication type: what a DTU of
 * that type reports over MQTT (`factory/dtu/<imei-or-mac>/report`, DESIGN.md §9.4)
 * or the station reads from it. `none` is the list of a DTU without networking.
 */
export const AUTO_CATALOGUE: Readonly<Record<CommunicationTypeCode | 'none', readonly CatalogueItem[]>> = {
  THREE_2_ONE: [
    item('IMEI', 'IMEI', 'string', EQUAL, '蜂窝模组的 15 位 IMEI，设备的身份', { unique: true }),
    item('ICCID', 'ICCID', 'string', EQUAL, 'SIM 卡的 20 位 ICCID', { unique: true }),
    item('IMSI', 'IMSI', 'string', EQUAL, 'SIM 卡的 IMSI', { unique: true }),
    item('CSQ', '信号质量', 'int', BOTH, '蜂窝信号质量 CSQ（0–31，99 为未知），报告中换算为 dBm = −113 + 2·CSQ'),
    item('MAC', '蓝牙MAC', 'string', EQUAL, '三合一模组中蓝牙芯片的 MAC 地址', { unique: true }),
    item('MAJOR', 'Major', 'int', BOTH, 'iBeacon 的 Major 值（需要数据下发的任务由 Excel 下发）'),
    item('MINOR', 'Minor', 'int', BOTH, 'iBeacon 的 Minor 值（需要数据下发的任务由 Excel 下发）'),
    VERSION,
    SERVER_VERIFY,
    VOLTAGE,
  ],
  bluetooth: [
    item('MAC', '蓝牙MAC', 'string', EQUAL, '设备的蓝牙 MAC 地址，设备的身份', { unique: true }),
    item('RSSI', '信号强度', 'int', BOTH, '工装测得的蓝牙信号强度', { unit: 'dBm' }),
    item('BATTERY', '电池电量', 'int', BOTH, '设备上报的电池电量百分比', { unit: '%' }),
    VERSION,
    VOLTAGE,
  ],
  WIFI: [
    item('MAC', 'WIFI_MAC', 'string', EQUAL, '设备的 WIFI MAC 地址，设备的身份', { unique: true }),
    item('RSSI', '信号强度', 'int', BOTH, '设备连接测试热点时的信号强度', { unit: 'dBm' }),
    item('SSID', '连接热点', 'string', EQUAL, '设备连接上的测试热点名称'),
    VERSION,
    SERVER_VERIFY,
    VOLTAGE,
  ],
  '2.4G': [
    item('IMEI', '设备编号', 'string', EQUAL, '2.4G 模组的设备编号（以 IMEI 字段上报），设备的身份', { unique: true }),
    item('RSSI', '信号强度', 'int', BOTH, '设备与测试网关之间的信号强度', { unit: 'dBm' }),
    item('CHANNEL', '信道', 'int', BOTH, '设备工作的 2.4G 信道号'),
    VERSION,
    SERVER_VERIFY,
    VOLTAGE,
  ],
  other: [
    item('IMEI', '设备编号', 'string', EQUAL, '设备的编号（以 IMEI 字段上报），设备的身份', { unique: true }),
    item('RSSI', '信号强度', 'int', BOTH, '设备上报的信号强度', { unit: 'dBm' }),
    VERSION,
    SERVER_VERIFY,
    VOLTAGE,
  ],
  none: [VERSION, VOLTAGE],
};

/** The serial catalogue of a communication type (empty but for bluetooth). */
export function serialCatalogue(code: string | null | undefined): readonly CatalogueItem[] {
  return (code && SERIAL_CATALOGUE[code]) || [];
}

/** The automatic catalogue of a communication type; a DTU without networking (null) reads `none`. */
export function autoCatalogue(code: string | null | undefined): readonly CatalogueItem[] {
  if (!code) return AUTO_CATALOGUE.none;
  return (AUTO_CATALOGUE as Record<string, readonly CatalogueItem[]>)[code] ?? [];
}

/**
 * Key tests (按键检测, seed 002 §3 buttonPropList): what the operator checks by hand at
 * the PAD and confirms one by one (a button pressed, a lamp seen). `checkCmd` is the
 * instruction the station shows. Fixed per communication type like the catalogues.
 */
export interface KeyTest {
  code: string;
  name: string;
  checkCmd: string;
}

const POWER_LED: KeyTest = { code: 'POWER_LED', name: '电源指示灯', checkCmd: '上电后电源指示灯常亮' };
const RESET_KEY: KeyTest = { code: 'RESET_KEY', name: '复位按键', checkCmd: '按下复位键，设备重启后指示灯重新闪烁' };
const NET_LED: KeyTest = { code: 'NET_LED', name: '网络指示灯', checkCmd: '入网后网络指示灯慢闪' };

export const KEY_TESTS: Readonly<Record<CommunicationTypeCode | 'none', readonly KeyTest[]>> = {
  THREE_2_ONE: [POWER_LED, NET_LED, RESET_KEY, { code: 'SIM_SLOT', name: 'SIM卡座', checkCmd: '插拔SIM卡，卡座弹片正常' }],
  bluetooth: [POWER_LED, { code: 'PAIR_KEY', name: '配对按键', checkCmd: '长按配对键3秒，蓝牙指示灯快闪' }, RESET_KEY],
  WIFI: [POWER_LED, NET_LED, RESET_KEY],
  '2.4G': [POWER_LED, NET_LED, RESET_KEY],
  other: [POWER_LED, RESET_KEY],
  none: [POWER_LED, RESET_KEY],
};

/** The key tests of a DTU by its communication type (null: not networked). */
export function keyTestsOf(code: string | null | undefined): readonly KeyTest[] {
  if (!code) return KEY_TESTS.none;
  return (KEY_TESTS as Record<string, readonly KeyTest[]>)[code] ?? KEY_TESTS.none;
}

/** How a unit of a DTU is told apart: IMEI for cellular-like types, MAC for WIFI and bluetooth, IMEI without networking. */
export function unitIdentityOf(code: string | null | undefined): UnitIdentity {
  return COMMUNICATION_TYPES.find((type) => type.code === code)?.identity ?? 'IMEI';
}

/** The content of a task's data delivery (task_down_prop_list): only major&minor, for THREE_2_ONE. */
export const DOWN_PROPS = [{ code: 'MAJOR_MINOR', name: 'major&minor' }] as const;
export const THREE_2_ONE = 'THREE_2_ONE';
