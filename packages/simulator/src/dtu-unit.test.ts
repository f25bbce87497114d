import { describe, expect, it } from 'vitest';
import {
  deliveredReport,
  drawDtuUnit,
  drawFaults,
  iccidOf,
  identitiesOf,
  imeiOf,
  imsiOf,
  knownIdentities,
  luhnDigit,
  luhnValid,
  macOf,
  olderVersion,
  serialOfMac,
  repairedUnit,
  reportSequence,
  standardOf,
  type TestedItem,
  type UnitContext,
  type UnitDraw,
  UnitSerials,
} from './dtu-unit.js';
import { seededRandom } from './random.js';

/** The demo's cellular model as its task tests it (accessory-plan.ts): CSQ 15–31, firmware 1.2.0, IMEI and ICCID unique. */
const CELLULAR_ITEMS: TestedItem[] = [
  { kind: 'AUTO', code: 'IMEI', standard: '唯一' },
  { kind: 'AUTO', code: 'ICCID', standard: '唯一' },
  { kind: 'AUTO', code: 'CSQ', standard: '15 ~ 31' },
  { kind: 'AUTO', code: 'VERSION', standard: '1.2.0' },
  { kind: 'AUTO', code: 'SERVER_VERIFY', standard: '通过' },
];
const CELLULAR: UnitContext = { communicationType: 'THREE_2_ONE', firmwareVersion: '1.2.0', standardVoltage: 5, bandRate: 115200 };
const BLUETOOTH_ITEMS: TestedItem[] = [
  { kind: 'AUTO', code: 'MAC', standard: '唯一' },
  { kind: 'AUTO', code: 'RSSI', standard: '-80 ~ -30 dBm' },
  { kind: 'AUTO', code: 'WORK_MODE', standard: '广播' },
  { kind: 'AUTO', code: 'VERSION', standard: '2.0.1' },
  { kind: 'SERIAL', code: 'SERIAL_LOOPBACK', standard: 'OK' },
  { kind: 'SERIAL', code: 'BAUD_RATE', standard: '9600 bps' },
  { kind: 'SERIAL', code: 'BLE_RSSI', standard: '-70 ~ -30 dBm' },
];
const BLUETOOTH: UnitContext = { communicationType: 'bluetooth', firmwareVersion: '2.0.1', standardVoltage: 3.3, bandRate: 9600 };
const CELLULAR_KEYS = ['POWER_LED', 'NET_LED', 'RESET_KEY', 'SIM_SLOT'];

const cellularDraw = (seed: number, serial: number, failureRate: number): UnitDraw => ({
  random: seededRandom(seed),
  serial,
  unit: CELLULAR,
  tested: CELLULAR_ITEMS,
  keyTests: CELLULAR_KEYS,
  failureRate,
});

describe('unit identities', () => {
  it('computes Luhn check digits as the IMEI and ICCID standards do', () => {
    // Known codes: the IMEI example of 3GPP TS 23.003 and a textbook Luhn number.
    expect(luhnDigit('49015420323751')).toBe(8);
    expect(luhnDigit('7992739871')).toBe(3);
    expect(luhnValid('490154203237518')).toBe(true);
    expect(luhnValid('490154203237517')).toBe(false);
  });

  it('makes 15-digit IMEIs of the modules TACs and 20-digit ICCIDs, both with a valid Luhn digit', () => {
    for (const serial of [0, 1, 42, 999_999, 1_000_000, 1_234_567, 2_999_999]) {
      const imei = imeiOf(serial);
      expect(imei).toMatch(/^86\d{13}$/);
      expect(luhnValid(imei)).toBe(true);
      const iccid = iccidOf(serial);
      expect(iccid).toMatch(/^89860\d{15}$/);
      expect(luhnValid(iccid)).toBe(true);
      expect(imsiOf(serial)).toMatch(/^46000\d{10}$/);
      expect(macOf(serial)).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    }
  });

  it('gives every serial of a run its own IMEI, ICCID, IMSI and MAC', () => {
    const serials = new UnitSerials(999_000);
    const units = Array.from({ length: 3000 }, () => identitiesOf('THREE_2_ONE', serials.take()));
    for (const key of ['imei', 'iccid', 'imsi', 'mac'] as const) expect(new Set(units.map((unit) => unit[key])).size).toBe(3000);
  });

  it('identifies a cellular unit by IMEI with a SIM, a bluetooth unit by its MAC without one', () => {
    const cellular = identitiesOf('THREE_2_ONE', 7);
    expect(cellular).toMatchObject({ identity: 'IMEI', code: cellular.imei });
    expect(cellular.iccid).not.toBeNull();
    const bluetooth = identitiesOf('bluetooth', 7);
    expect(bluetooth).toMatchObject({ identity: 'MAC', code: bluetooth.mac, imei: null, iccid: null, imsi: null });
  });

  it('knows a unit of a submitted batch again by its IMEI and MAC: the same SIM as in production', () => {
    for (const serial of [0, 42, 1_234_567, 16_777_215]) expect(serialOfMac(macOf(serial))).toBe(serial);
    expect(serialOfMac('00:11:22:33:44:55')).toBeNull();
    expect(serialOfMac('not a mac')).toBeNull();
    const made = identitiesOf('THREE_2_ONE', 1_234_567);
    expect(knownIdentities('THREE_2_ONE', { imei: made.imei!, mac: made.mac })).toEqual({ ...made, serial: 1_234_567 });
    const bluetooth = identitiesOf('bluetooth', 77);
    expect(knownIdentities('bluetooth', { imei: '', mac: bluetooth.mac })).toEqual({ ...bluetooth, serial: 77 });
    // A person's unit (a code typed at a PAD): its own IMEI and MAC, a SIM of its own.
    const typed = knownIdentities('THREE_2_ONE', { imei: '490154203237518', mac: '' });
    expect(typed).toMatchObject({ identity: 'IMEI', code: '490154203237518', imei: '490154203237518' });
    expect(luhnValid(typed.iccid!)).toBe(true);
  });
});

describe('standards and values', () => {
  it('reads the standard lines the station shows', () => {
    expect(standardOf('15 ~ 31')).toEqual({ kind: 'range', min: 15, max: 31 });
    expect(standardOf('-80 ~ -30 dBm')).toEqual({ kind: 'range', min: -80, max: -30 });
    expect(standardOf('4.8 ~ 5.2 V')).toEqual({ kind: 'range', min: 4.8, max: 5.2 });
    expect(standardOf('9600 bps')).toEqual({ kind: 'number', value: 9600 });
    expect(standardOf('1.2.0')).toEqual({ kind: 'text', value: '1.2.0' });
    expect(standardOf('唯一')).toEqual({ kind: 'unique' });
  });

  it('names the version one step older', () => {
    expect(olderVersion('1.2.0')).toBe('1.1.9');
    expect(olderVersion('2.0.1')).toBe('2.0.0');
    expect(olderVersion('3.0.0')).toBe('2.9.9');
  });

  it('reports every value of a healthy cellular unit within its standard, the identity as scanned', () => {
    for (let serial = 0; serial < 300; serial++) {
      const unit = drawDtuUnit(cellularDraw(serial, serial, 0));
      expect(unit.faults).toEqual([]);
      expect(unit.reports).toMatchObject({ IMEI: unit.code, ICCID: unit.iccid, IMSI: unit.imsi, MAC: unit.mac, VERSION: '1.2.0' });
      const csq = unit.reports.CSQ as number;
      expect(Number.isInteger(csq) && csq >= 15 && csq <= 31).toBe(true);
      // VOLTAGE is reported though the model does not test it: around the DTU's 5 V.
      expect(Math.abs((unit.reports.VOLTAGE as number) - 5)).toBeLessThan(0.25);
      expect(unit.reports).not.toHaveProperty('SERVER_VERIFY');
      expect(unit.reports).not.toHaveProperty('MAJOR');
    }
  });

  it('spreads CSQ over the range, most units in the twenties', () => {
    const values = Array.from({ length: 1000 }, (_, serial) => drawDtuUnit(cellularDraw(serial + 5000, serial, 0)).reports.CSQ as number);
    expect(new Set(values).size).toBeGreaterThan(10);
    const twenties = values.filter((value) => value >= 19 && value <= 27).length;
    expect(twenties / values.length).toBeGreaterThan(0.6);
  });

  it('fails about the failure rate of units, each on an item the task tests or a key test', () => {
    const random = seededRandom(11);
    const faulty = Array.from({ length: 4000 }, () => drawFaults(random, CELLULAR_ITEMS, CELLULAR_KEYS, 0.1)).filter((faults) => faults.length > 0);
    expect(faulty.length / 4000).toBeGreaterThan(0.085);
    expect(faulty.length / 4000).toBeLessThan(0.115);
    const all = faulty.flat();
    // Never the identities or the server's own verification.
    expect(all.every((fault) => ['CSQ', 'VERSION'].includes(fault) || CELLULAR_KEYS.map((key) => `KEY:${key}`).includes(fault))).toBe(true);
    // Weak signal is the most common fault.
    const count = (code: string) => all.filter((fault) => fault === code).length;
    expect(count('CSQ')).toBeGreaterThan(count('VERSION'));
    expect(count('VERSION')).toBeGreaterThan(count('KEY:SIM_SLOT'));
  });

  it('gives a faulty unit a value just outside its standard: low signal, an old firmware, a failed key test', () => {
    const draw = cellularDraw(3, 77, 0);
    expect(drawDtuUnit(draw, ['CSQ']).reports.CSQ).toBeLessThan(15);
    expect(drawDtuUnit(draw, ['CSQ']).reports.CSQ).toBeGreaterThanOrEqual(10);
    expect(drawDtuUnit(draw, ['VERSION']).reports.VERSION).toBe('1.1.9');
    const keyFault = drawDtuUnit(draw, ['KEY:NET_LED']);
    expect(keyFault.keyFailures).toEqual(['NET_LED']);
    expect(keyFault.reports.VERSION).toBe('1.2.0');
  });

  it('has a bluetooth unit report over MQTT and read over its serial link, each within its standard', () => {
    const draw: UnitDraw = { random: seededRandom(5), serial: 12, unit: BLUETOOTH, tested: BLUETOOTH_ITEMS, keyTests: ['POWER_LED'], failureRate: 0 };
    for (let index = 0; index < 200; index++) {
      const unit = drawDtuUnit({ ...draw, serial: index });
      expect(unit.identity).toBe('MAC');
      expect(unit.reports).toMatchObject({ MAC: unit.mac, WORK_MODE: '广播', VERSION: '2.0.1' });
      expect(unit.reports.RSSI).toBeGreaterThanOrEqual(-80);
      expect(unit.reports.RSSI).toBeLessThanOrEqual(-30);
      expect(unit.reports.BATTERY).toBeLessThanOrEqual(100);
      expect(unit.serialReads).toMatchObject({ SERIAL_LOOPBACK: 'OK', BAUD_RATE: 9600, SERIAL_VERSION: '2.0.1' });
      expect(unit.serialReads.BLE_RSSI).toBeGreaterThanOrEqual(-70);
      expect(unit.serialReads.BLE_RSSI).toBeLessThanOrEqual(-30);
    }
    const faulty = drawDtuUnit(draw, ['BAUD_RATE', 'SERIAL_LOOPBACK', 'WORK_MODE', 'RSSI']);
    expect(faulty.serialReads.BAUD_RATE).not.toBe(9600);
    expect(faulty.serialReads.SERIAL_LOOPBACK).toBe('TIMEOUT');
    expect(faulty.reports.WORK_MODE).toBe('休眠');
    expect(faulty.reports.RSSI).toBeLessThan(-80);
  });

  it('repairs most failed units, their values read afresh', () => {
    const random = seededRandom(9);
    const failed = drawDtuUnit(cellularDraw(1, 500, 0), ['CSQ']);
    const again = Array.from({ length: 200 }, () => repairedUnit(failed, { random, unit: CELLULAR, tested: CELLULAR_ITEMS, keyTests: CELLULAR_KEYS }));
    expect(again.every((unit) => unit.code === failed.code && unit.iccid === failed.iccid)).toBe(true);
    const fixed = again.filter((unit) => unit.faults.length === 0);
    expect(fixed.length).toBeGreaterThan(140);
    expect(fixed.every((unit) => (unit.reports.CSQ as number) >= 15)).toBe(true);
  });

  it('sends its reports in order, boot message first, each value once', () => {
    const unit = drawDtuUnit(cellularDraw(2, 3, 0));
    for (let seed = 0; seed < 20; seed++) {
      const sequence = reportSequence(unit, seededRandom(seed));
      expect(Object.assign({}, ...sequence)).toEqual(unit.reports);
      expect(sequence[0]).toHaveProperty('IMEI', unit.code);
    }
    expect(deliveredReport({ major: 1001, minor: 7 })).toEqual({ MAJOR: 1001, MINOR: 7 });
  });
});
