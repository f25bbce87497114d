import { autoCatalogue, type CatalogueItem, serialCatalogue, unitIdentityOf, type UnitIdentity } from '@factory/contracts';
import { gaussian, pick, type Random, weightedIndex } from './random.js';

/*
 * A DTU unit on the parts-check fixture (DESIGN.md §9.4): its identities as a factory
 * really sees them (IMEI and ICCID with their Luhn digits, a SIM's IMSI, a MAC under
 * a vendor prefix) and the values it reports, by catalogue code (docs/accessory-catalogue.md),
 * most of them good and now and then one drawn to fail its standard.
 */

export type ReportValue = string | number | boolean;
export type Report = Record<string, ReportValue>;

/** The Luhn digit that completes `digits` (IMEI: the 15th digit; ICCID: the 20th). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    // From the right, every other digit starting with the rightmost is doubled: it sits left of the check digit.
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a code of digits ends with its Luhn digit. */
export function luhnValid(code: string): boolean {
  return /^\d{2,}$/.test(code) && luhnDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** Type Allocation Codes (an IMEI's first 8 digits) of the cellular modules: 86… as China's reporting body gives them. */
export const TACS = ['86691506', '86873104', '86452205'] as const;
/** Vendor prefixes (OUI) of the Bluetooth chips. */
export const MAC_VENDORS = ['C8:47:8C', 'E4:5F:01', 'D8:A0:1D'] as const;
/** China Mobile's IoT cards: 89 telecom, 86 China, 04 the issuer's IoT range, then year and province. */
const ICCID_PREFIX = '8986041922';
/** MCC 460 (China), MNC 00 (China Mobile). */
const IMSI_PREFIX = '46000';

const SNR_SPACE = 1_000_000;

/** A 15-digit IMEI: a TAC, a 6-digit serial (SNR), the Luhn digit; serials beyond a TAC's million go to the next TAC. */
export function imeiOf(serial: number): string {
  const tac = TACS[Math.floor(serial / SNR_SPACE) % TACS.length]!;
  const body = `${tac}${String(serial % SNR_SPACE).padStart(6, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

/** A 20-digit ICCID of the unit's SIM: 19 digits and the Luhn digit. */
export function iccidOf(serial: number): string {
  const body = `${ICCID_PREFIX}${String(serial % 1_000_000_000).padStart(9, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

/** The SIM's 15-digit IMSI: MCC, MNC and a 10-digit MSIN (no check digit). */
export function imsiOf(serial: number): string {
  // Spread over the MSIN range as an operator's card batches are, not counting up from zero.
  const msin = (serial * 7_919 + 1_380_000_000) % 10_000_000_000;
  return `${IMSI_PREFIX}${String(msin).padStart(10, '0')}`;
}

/** A MAC in upper case with colons: a vendor prefix and a 24-bit serial. */
export function macOf(serial: number): string {
  const vendor = MAC_VENDORS[Math.floor(serial / 0x1000000) % MAC_VENDORS.length]!;
  const nic = serial % 0x1000000;
  const bytes = [nic >> 16, (nic >> 8) & 0xff, nic & 0xff].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0'));
  return `${vendor}:${bytes.join(':')}`;
}

/**
 * Unit serials shared by every bench of a run, so no two units of a run share an
 * identity. They start from the clock in seconds: a later run starts past an earlier
 * one's units unless that one tested more than a unit per second.
 */
export class UnitSerials {
  private next: number;
  constructor(start = Math.floor(Date.now() / 1000) % 2_000_000) {
    this.next = start;
  }
  take(): number {
    return this.next++;
  }
}

/** A tested item as the assignment names it. */
export interface TestedItem {
  kind: 'AUTO' | 'SERIAL';
  code: string;
  /** the standard as one line: `15 ~ 31`, `-80 ~ -30 dBm`, `9600 bps`, `1.2.0`, `广播 / 连接`, `唯一` */
  standard: string;
}

/** A standard read back from its line of text. */
export type Standard = { kind: 'range'; min: number; max: number } | { kind: 'number'; value: number } | { kind: 'text'; value: string } | { kind: 'unique' };

const NUMBER = '-?\\d+(?:\\.\\d+)?';
const RANGE_TEXT = new RegExp(`^(${NUMBER}) ~ (${NUMBER})(?: \\S+)?$`);
const NUMBER_TEXT = new RegExp(`^(${NUMBER})(?: \\S+)?$`);

/** The standard of an item's line of text (standardText's forms, the unit's name after a space). */
export function standardOf(text: string): Standard {
  if (text === '唯一') return { kind: 'unique' };
  const range = RANGE_TEXT.exec(text);
  if (range) return { kind: 'range', min: Number(range[1]), max: Number(range[2]) };
  const number = NUMBER_TEXT.exec(text);
  if (number) return { kind: 'number', value: Number(number[1]) };
  return { kind: 'text', value: text };
}

/** How the values of a code spread on healthy units, and which side of its range a bad unit falls. */
interface Spread {
  centre: number;
  deviation: number;
  decimals: number;
  /** a bad unit reads low (weak signal, flat battery) rather than either side */
  lowIsBad?: boolean;
  /** the values a reading can take at all (CSQ 0–31) */
  bounds?: [number, number];
}

/** The catalogue's numbers as healthy units read them; VOLTAGE is centred on the DTU's standard voltage. */
function spreadOf(code: string, unit: UnitContext): Spread | null {
  switch (code) {
    case 'CSQ':
      return { centre: 23, deviation: 3.5, decimals: 0, lowIsBad: true, bounds: [0, 31] };
    case 'RSSI':
    case 'BLE_RSSI':
      return { centre: -52, deviation: 7, decimals: 0, lowIsBad: true, bounds: [-110, -20] };
    case 'BATTERY':
      return { centre: 93, deviation: 4, decimals: 0, lowIsBad: true, bounds: [0, 100] };
    case 'VOLTAGE':
      return { centre: unit.standardVoltage, deviation: unit.standardVoltage * 0.01, decimals: 2 };
    case 'SUPPLY_CURRENT':
      return { centre: 3.6, deviation: 0.25, decimals: 2 };
    case 'TX_POWER':
      return { centre: 4, deviation: 0, decimals: 0 };
    case 'CHANNEL':
      return { centre: 11, deviation: 0, decimals: 0, bounds: [1, 13] };
    case 'BAUD_RATE':
      return { centre: unit.bandRate, deviation: 0, decimals: 0 };
    case 'MAJOR':
    case 'MINOR':
      return { centre: 1000, deviation: 0, decimals: 0, bounds: [0, 65_535] };
    default:
      return null;
  }
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const clamp = (value: number, [low, high]: [number, number]) => Math.min(high, Math.max(low, value));

/** A firmware version one step older (`1.2.0` → `1.1.9`), what a unit flashed from an old batch reports. */
export function olderVersion(version: string): string {
  const parts = version.split('.').map(Number);
  if (parts.length !== 3 || parts.some((part) => !Number.isInteger(part))) return `${version}-old`;
  const [major, minor, patch] = parts as [number, number, number];
  if (patch > 0) return `${major}.${minor}.${patch - 1}`;
  if (minor > 0) return `${major}.${minor - 1}.9`;
  return major > 0 ? `${major - 1}.9.9` : '0.0.0-old';
}

/** What a unit is: its model's communication and the standards it is judged by. */
export interface UnitContext {
  communicationType: string | null;
  /** the task's test firmware (the standard of VERSION) */
  firmwareVersion: string;
  standardVoltage: number;
  bandRate: number;
}

/** A number of a code: healthy ones inside the standard's range (clustered at the code's centre), bad ones just outside. */
function numberOf(code: string, standard: Standard | null, unit: UnitContext, random: Random, good: boolean, dataType: string): number {
  const spread = spreadOf(code, unit) ?? { centre: 0, deviation: 0, decimals: dataType === 'int' ? 0 : 2 };
  const decimals = dataType === 'int' ? 0 : spread.decimals;
  const step = 10 ** -decimals;
  if (standard?.kind === 'number') {
    if (good) return standard.value;
    return code === 'BAUD_RATE' ? pick(random, [4800, 19200, 57600].filter((rate) => rate !== standard.value)) : round(standard.value + step * (1 + Math.floor(random() * 3)), decimals);
  }
  if (standard?.kind === 'range') {
    const { min, max } = standard;
    if (!good) {
      const outside = Math.max(step, round((max - min) * 0.05, decimals)) * (1 + Math.floor(random() * 4));
      const low = spread.lowIsBad || random() < 0.5;
      const value = round(low ? min - outside : max + outside, decimals);
      return spread.bounds ? clamp(value, spread.bounds) : value;
    }
    // The code's own spread where it lies in the range, else the middle of the range.
    const centred = spread.centre >= min && spread.centre <= max;
    const centre = centred ? spread.centre : (min + max) / 2;
    const deviation = centred && spread.deviation > 0 ? spread.deviation : (max - min) / 6;
    return clamp(round(centre + gaussian(random) * deviation, decimals), [min, max]);
  }
  const value = round(spread.centre + gaussian(random) * spread.deviation, decimals);
  return spread.bounds ? clamp(value, spread.bounds) : value;
}

/** A text of a code: the standard (or the code's natural value), a bad unit a near miss. */
function textOf(code: string, standard: Standard | null, unit: UnitContext, good: boolean): string {
  const natural: Record<string, string> = {
    VERSION: unit.firmwareVersion,
    SERIAL_VERSION: unit.firmwareVersion,
    SERIAL_LOOPBACK: 'OK',
    SSID: 'HR-FACTORY-TEST',
  };
  // An enum's standard lists its accepted labels: a healthy unit reports the first.
  const wanted = standard?.kind === 'text' ? standard.value.split(' / ')[0]! : (natural[code] ?? 'OK');
  if (good) return wanted;
  if (code === 'VERSION' || code === 'SERIAL_VERSION') return olderVersion(wanted);
  if (code === 'SERIAL_LOOPBACK') return 'TIMEOUT';
  if (code === 'WORK_MODE') return wanted === '休眠' ? '连接' : '休眠';
  return `${wanted}_ERR`;
}

/** The identities of a unit of a communication type. */
export interface UnitIdentities {
  identity: UnitIdentity;
  /** what the PAD scans and the topic names: the IMEI, or the MAC */
  code: string;
  imei: string | null;
  mac: string;
  iccid: string | null;
  imsi: string | null;
}

/** A unit's identities from its serial: cellular-like units have an IMEI (THREE_2_ONE also a SIM), every unit a MAC. */
export function identitiesOf(communicationType: string | null, serial: number): UnitIdentities {
  const identity = unitIdentityOf(communicationType);
  const mac = macOf(serial);
  const imei = identity === 'IMEI' ? imeiOf(serial) : null;
  const sim = communicationType === 'THREE_2_ONE';
  return { identity, code: imei ?? mac, imei, mac, iccid: sim ? iccidOf(serial) : null, imsi: sim ? imsiOf(serial) : null };
}

/** The serial a unit's MAC was made from (macOf), or null for a MAC no bench of the simulator made. */
export function serialOfMac(mac: string): number | null {
  const match = /^([0-9A-F]{2}:[0-9A-F]{2}:[0-9A-F]{2}):([0-9A-F]{2}):([0-9A-F]{2}):([0-9A-F]{2})$/.exec(mac.toUpperCase());
  if (!match) return null;
  const vendor = (MAC_VENDORS as readonly string[]).indexOf(match[1]!);
  if (vendor < 0) return null;
  return vendor * 0x1000000 + Number.parseInt(`${match[2]}${match[3]}${match[4]}`, 16);
}

/**
 * The identities of a unit known by its IMEI and MAC, as a submitted batch lists it: a
 * sample put on the fixture again. Where a bench of the simulator made the unit, its
 * serial is read back from the MAC, so its SIM reports the ICCID and IMSI it reported in
 * production; a unit of a person's (a code typed at a PAD) gets a serial from its digits.
 */
export function knownIdentities(communicationType: string | null, known: { imei: string; mac: string }): UnitIdentities & { serial: number } {
  const identity = unitIdentityOf(communicationType);
  let serial = serialOfMac(known.mac);
  if (serial === null || (identity === 'IMEI' && known.imei !== '' && imeiOf(serial) !== known.imei)) {
    serial = Number(`${known.imei}${known.mac}`.replace(/\D/g, '').slice(-9) || '0');
  }
  const made = identitiesOf(communicationType, serial);
  const imei = identity === 'IMEI' ? known.imei || made.imei : null;
  const mac = known.mac || made.mac;
  return { ...made, identity, code: identity === 'IMEI' ? imei! : mac, imei, mac, serial };
}

/** A unit on the fixture: who it is, what it reports and what the operator sees at the key tests. */
export interface DtuUnit extends UnitIdentities {
  serial: number;
  /** what the unit publishes over MQTT, by catalogue code */
  reports: Report;
  /** what the serial terminal reads over the unit's serial link (bluetooth DTUs) */
  serialReads: Report;
  /** key tests the operator sees fail */
  keyFailures: string[];
  /** what was drawn to fail: item codes and `KEY:<code>`; empty when the unit should pass */
  faults: string[];
}

export interface UnitDraw {
  random: Random;
  serial: number;
  unit: UnitContext;
  /** the task's tested items (the assignment's): failures are drawn among them */
  tested: readonly TestedItem[];
  /** the codes of the assignment's key tests */
  keyTests: readonly string[];
  /** share of units with a fault (0–1) */
  failureRate: number;
  /** who the unit is when known already (a sample of a submitted batch); made from the serial otherwise */
  identities?: UnitIdentities;
}

/** Codes the server judges or that are the unit itself: never drawn to fail. */
const NEVER_FAULTY = new Set(['SERVER_VERIFY', 'IMEI', 'ICCID', 'IMSI', 'MAC']);
/** How often each kind of fault happens, relative to a key test's 1: weak signal most, then old firmware and supply. */
const FAULT_WEIGHTS: Record<string, number> = { CSQ: 4, RSSI: 3, BLE_RSSI: 3, VERSION: 2, VOLTAGE: 2, SERIAL_LOOPBACK: 2 };

/** The faults of one unit: none with 1 − failureRate, else one (one time in eight two) among what the task tests. */
export function drawFaults(random: Random, tested: readonly TestedItem[], keyTests: readonly string[], failureRate: number): string[] {
  if (random() >= failureRate) return [];
  const candidates = [
    ...tested.filter((item) => !NEVER_FAULTY.has(item.code) && standardOf(item.standard).kind !== 'unique').map((item) => item.code),
    ...keyTests.map((code) => `KEY:${code}`),
  ];
  if (candidates.length === 0) return [];
  const weights = candidates.map((code) => FAULT_WEIGHTS[code] ?? 1);
  const faults = [candidates[weightedIndex(random, weights)]!];
  if (random() < 0.125 && candidates.length > 1) {
    const second = candidates[weightedIndex(random, weights)]!;
    if (second !== faults[0]) faults.push(second);
  }
  return faults;
}

/** The value of one code for the unit: its identity for IMEI, ICCID, IMSI, MAC; otherwise drawn against the standard. */
function valueOf(code: string, dataType: string, standard: Standard | null, unit: UnitContext, ids: UnitIdentities, random: Random, good: boolean): ReportValue {
  const identity: Record<string, string | null> = { IMEI: ids.imei, ICCID: ids.iccid, IMSI: ids.imsi, MAC: ids.mac };
  if (code in identity) return identity[code] ?? ids.code;
  if (standard?.kind === 'unique') return `${code}${ids.code.replaceAll(':', '')}`;
  if (dataType === 'boolean') return good;
  if (dataType === 'int' || dataType === 'float' || dataType === 'double' || spreadOf(code, unit)) {
    return numberOf(code, standard, unit, random, good, dataType);
  }
  return textOf(code, standard, unit, good);
}

/** Codes a unit reports: its catalogue's and whatever else its model tests, in catalogue order. */
function codesOf(catalogue: readonly CatalogueItem[], tested: readonly TestedItem[], kind: TestedItem['kind']): { code: string; dataType: string }[] {
  const codes = catalogue.map((item) => ({ code: item.code, dataType: item.dataType as string }));
  for (const item of tested) {
    if (item.kind !== kind || codes.some((entry) => entry.code === item.code)) continue;
    const standard = standardOf(item.standard);
    codes.push({ code: item.code, dataType: standard.kind === 'range' || standard.kind === 'number' ? 'float' : 'string' });
  }
  return codes.filter((entry) => entry.code !== 'SERVER_VERIFY' && entry.code !== 'MAJOR' && entry.code !== 'MINOR');
}

/**
 * A unit with its identities and values. Every code the unit's type reports is
 * there (the untested ones too: a DTU reports its whole set); MAJOR and MINOR come
 * only once delivered (deliveredReport), SERVER_VERIFY is the server's own.
 */
export function drawDtuUnit(draw: UnitDraw, faults = drawFaults(draw.random, draw.tested, draw.keyTests, draw.failureRate)): DtuUnit {
  const { random, unit, tested } = draw;
  const ids = draw.identities ?? identitiesOf(unit.communicationType, draw.serial);
  const fill = (catalogue: readonly CatalogueItem[], kind: TestedItem['kind']): Report => {
    const report: Report = {};
    for (const { code, dataType } of codesOf(catalogue, tested, kind)) {
      const item = tested.find((entry) => entry.kind === kind && entry.code === code);
      report[code] = valueOf(code, dataType, item ? standardOf(item.standard) : null, unit, ids, random, !faults.includes(code));
    }
    return report;
  };
  const bluetooth = unit.communicationType === 'bluetooth';
  return {
    ...ids,
    serial: draw.serial,
    reports: fill(autoCatalogue(unit.communicationType), 'AUTO'),
    serialReads: bluetooth ? fill(serialCatalogue(unit.communicationType), 'SERIAL') : {},
    keyFailures: faults.filter((fault) => fault.startsWith('KEY:')).map((fault) => fault.slice(4)),
    faults,
  };
}

/**
 * A unit back from repair, tested again (the rework bench): the same unit, its values
 * read afresh, usually with its fault fixed and now and then not.
 */
export function repairedUnit(failed: DtuUnit, draw: Omit<UnitDraw, 'serial' | 'failureRate'>, stillBroken = 0.2): DtuUnit {
  const faults = draw.random() < stillBroken ? failed.faults : [];
  return drawDtuUnit({ ...draw, serial: failed.serial, failureRate: 0 }, faults);
}

/** The values a unit reports once it holds the delivered major/minor (what it wrote to its iBeacon settings). */
export function deliveredReport(majorMinor: { major: number; minor: number }): Report {
  return { MAJOR: majorMinor.major, MINOR: majorMinor.minor };
}

/**
 * The unit's MQTT reports in the order it sends them: a boot message (identity and
 * firmware), then the network's values (signal, SIM), then the rest. Split in two
 * or three so the station sees the values come in one after another.
 */
export function reportSequence(unit: DtuUnit, random: Random): Report[] {
  const boot = ['IMEI', 'MAC', 'VERSION'];
  const network = ['ICCID', 'IMSI', 'CSQ', 'RSSI', 'SSID', 'CHANNEL'];
  const pickOut = (codes: string[]) => Object.fromEntries(Object.entries(unit.reports).filter(([code]) => codes.includes(code)));
  const first = pickOut(boot);
  const second = pickOut(network);
  const rest = Object.fromEntries(Object.entries(unit.reports).filter(([code]) => !boot.includes(code) && !network.includes(code)));
  const sequence = [first, second, rest].filter((report) => Object.keys(report).length > 0);
  // Now and then the unit sends all at once.
  if (random() < 0.25 && sequence.length > 1) return [Object.assign({}, ...sequence) as Report];
  return sequence;
}
