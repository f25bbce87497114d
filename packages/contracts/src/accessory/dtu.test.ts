import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '../index.js';
import { type DtuAddBody, dtuAddBody, dtuEditBody } from './dtu.js';
import { ACCESSORY_MSG as M } from './messages.js';

/** The message the server answers: the first failing rule's. */
function firstMessage(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

const valid: DtuAddBody = {
  fittingId: 1,
  dtuType: 'DTU100',
  modelType: 'EC200U_CN',
  productCompany: '移远通信',
  standardVoltage: '12',
  bandRate: 9600,
  connectInternet: true,
  communicationType: 'bluetooth',
  communicationTypeDesc: '',
  testFirmwareVersion: '',
  testFirmwareUrl: null,
  productFileUrl: null,
  bomListFileUrl: null,
  otherRequestFileUrl: null,
  frontImageUrl: '/api/file/front',
  backImageUrl: '/api/file/back',
};

describe('dtuAddBody', () => {
  it('answers the form\'s messages in its order, each once the fields before it are right', () => {
    const steps: [Partial<DtuAddBody>, string][] = [
      [{ dtuType: '' }, M.dtuTypeRequired],
      [{ dtuType: 'DTU 1' }, M.dtuTypeRule],
      [{ dtuType: 'D'.repeat(33) }, M.dtuTypeTooLong],
      [{ modelType: '' }, M.modelTypeRequired],
      [{ modelType: 'EC' }, M.modelTypeRule],
      [{ productCompany: '' }, M.productCompanyRequired],
      [{ productCompany: '移远-通信' }, M.productCompanyRule],
      [{ productCompany: '移'.repeat(65) }, M.productCompanyTooLong],
      [{ standardVoltage: '' }, M.standardVoltageRequired],
      [{ standardVoltage: '1.2.3' }, M.standardVoltageRule],
      [{ bandRate: '' }, M.bandRateRequired],
      [{ bandRate: 'fast' }, M.bandRateNumber],
      [{ bandRate: '9600.5' }, M.bandRateNumber],
      [{ bandRate: -1 }, M.bandRatePositive],
      [{ communicationType: null }, M.communicationTypeRequired],
      [{ communicationType: 'LoRa' as DtuAddBody['communicationType'] }, M.communicationTypeRequired],
      [{ communicationType: 'other' }, M.communicationTypeDescRequired],
      [{ communicationType: 'other', communicationTypeDesc: 'Lo Ra' }, M.communicationTypeDescRule],
      [{ testFirmwareUrl: '/api/file/fw' }, M.firmwareVersionRequired],
      [{ testFirmwareVersion: 'v1 .0' }, M.firmwareVersionRule],
      [{ frontImageUrl: null }, M.frontImageRequired],
      [{ backImageUrl: null }, M.backImageRequired],
    ];
    for (const [change, message] of steps) expect(firstMessage(dtuAddBody, { ...valid, ...change }), message).toBe(message);
    // several wrong at once: the first of the form wins
    expect(firstMessage(dtuAddBody, { ...valid, modelType: '', bandRate: '', frontImageUrl: null })).toBe(M.modelTypeRequired);
    expect(firstMessage(dtuAddBody, { ...valid, communicationType: null, frontImageUrl: null })).toBe(M.communicationTypeRequired);
    expect(firstMessage(dtuAddBody, { ...valid, frontImageUrl: null, backImageUrl: null })).toBe(M.frontImageRequired);
  });

  it('takes a file only as an uploaded file\'s URL', () => {
    expect(firstMessage(dtuAddBody, { ...valid, productFileUrl: 'https://example.com/a.pdf' })).toBe(MSG.invalidInput);
    expect(firstMessage(dtuAddBody, { ...valid, productFileUrl: '/api/file/../x' })).toBe(MSG.invalidInput);
    expect(dtuAddBody.parse({ ...valid, productFileUrl: ' /api/file/abc_1-2 ' }).productFileUrl).toBe('/api/file/abc_1-2');
    expect(dtuAddBody.parse({ ...valid, productFileUrl: '' }).productFileUrl).toBeNull();
  });

  it('drops the method and its description without networking, whatever is sent', () => {
    const offline = dtuAddBody.parse({ ...valid, connectInternet: false, communicationType: 'other', communicationTypeDesc: 'LoRa' });
    expect(offline).toMatchObject({ connectInternet: false, communicationType: null, communicationTypeDesc: '' });
    expect(dtuAddBody.parse({ ...valid, connectInternet: 'false', communicationType: null }).communicationType).toBeNull();
  });

  it('keeps the description only for `other`', () => {
    expect(dtuAddBody.parse({ ...valid, communicationTypeDesc: '蓝牙五' }).communicationTypeDesc).toBe('');
    expect(dtuAddBody.parse({ ...valid, communicationType: 'other', communicationTypeDesc: 'LoRa' }).communicationTypeDesc).toBe('LoRa');
  });

  it('reads the form\'s loose values: numbers as text, flags as text, the baud rate as a number', () => {
    const parsed = dtuAddBody.parse({ ...valid, standardVoltage: 3.3, bandRate: ' 115200 ', connectInternet: '1' });
    expect(parsed).toMatchObject({ standardVoltage: '3.3', bandRate: 115200, connectInternet: true });
    expect(firstMessage(dtuAddBody, { ...valid, connectInternet: '1', communicationType: '' })).toBe(M.communicationTypeRequired);
  });
});

describe('dtuEditBody', () => {
  it('needs the id and checks the fields as add does', () => {
    expect(firstMessage(dtuEditBody, valid)).toBe(MSG.idRequired);
    expect(firstMessage(dtuEditBody, { ...valid, id: 3, dtuType: '' })).toBe(M.dtuTypeRequired);
    expect(dtuEditBody.parse({ ...valid, id: '3', connectInternet: false })).toMatchObject({ id: 3, communicationType: null });
  });
});
