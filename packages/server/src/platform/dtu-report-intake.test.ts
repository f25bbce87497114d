import { REPORT_LIMITS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { readPayload } from './dtu-report-intake.js';
import { redacted } from './mqtt-broker.js';

describe('MQTT settings', () => {
  it('takes reports on the embedded broker at 1883 with nothing set', () => {
    expect(loadConfig({})).toMatchObject({ mqtt: true, mqttUrl: null, mqttPort: 1883, mqttShareGroup: 'factory-console' });
  });

  it('reads MQTT, MQTT_URL, MQTT_PORT and MQTT_SHARE_GROUP', () => {
    expect(loadConfig({ MQTT: 'off' }).mqtt).toBe(false);
    expect(loadConfig({ MQTT: 'OFF' }).mqtt).toBe(false);
    expect(loadConfig({ MQTT: 'on' }).mqtt).toBe(true);
    expect(loadConfig({ MQTT_URL: 'mqtt://broker.factory:1883' }).mqttUrl).toBe('mqtt://broker.factory:1883');
    expect(loadConfig({ MQTT_PORT: '0' }).mqttPort).toBe(0);
    expect(loadConfig({ MQTT_PORT: '11883' }).mqttPort).toBe(11_883);
    expect(loadConfig({ MQTT_SHARE_GROUP: 'line-2' }).mqttShareGroup).toBe('line-2');
  });

  it('refuses settings that can not work', () => {
    expect(() => loadConfig({ MQTT_PORT: '70000' })).toThrow(/MQTT_PORT/);
    expect(() => loadConfig({ MQTT_PORT: 'x' })).toThrow(/MQTT_PORT/);
    expect(() => loadConfig({ MQTT_URL: 'broker:1883' })).toThrow(/MQTT_URL/);
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/#' })).toThrow(/MQTT_SHARE_GROUP/);
  });

  it('logs a broker url without its password', () => {
    expect(redacted('mqtt://user:secret@broker:1883')).toBe('mqtt://user:***@broker:1883');
    expect(redacted('mqtt://broker:1883')).toBe('mqtt://broker:1883');
  });
});

describe('a report as received', () => {
  it('takes a JSON object of catalogue codes to values', () => {
    expect(readPayload(Buffer.from('{"IMEI":"861","CSQ":20,"OK":true,"X":null}'))).toEqual({
      text: '{"IMEI":"861","CSQ":20,"OK":true,"X":null}',
      content: { IMEI: '861', CSQ: 20, OK: true, X: null },
    });
  });

  it('keeps anything else as it came, with nothing to apply', () => {
    for (const text of ['not json', '[1,2]', '42', 'null', '{}', '{"A":{"deep":1}}', `{"A":"${'x'.repeat(REPORT_LIMITS.valueMax + 1)}"}`]) {
      expect(readPayload(text)).toEqual({ text, content: null });
    }
  });

  it('keeps a NUL as U+FFFD (PostgreSQL text can not hold one)', () => {
    expect(readPayload(Buffer.from('{"A":1}\u0000'))).toEqual({ text: '{"A":1}\uFFFD', content: null });
  });

  it('keeps the first bytesMax bytes of a longer payload and applies none of it', () => {
    const long = `{"A":"${'x'.repeat(REPORT_LIMITS.bytesMax)}"}`;
    const { text, content } = readPayload(Buffer.from(long));
    expect(content).toBeNull();
    expect(Buffer.byteLength(text)).toBe(REPORT_LIMITS.bytesMax);
    expect(long.startsWith(text)).toBe(true);
  });
});
