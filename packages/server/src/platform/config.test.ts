import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'file:./data/factory.db',
      adminPassword: null,
      defaultUserPassword: 'Factory123',
      captcha: true,
      platformLoginSecret: null,
      sessionIdleMinutes: 120,
      logLevel: 'info',
      timeZone: 'Asia/Shanghai',
    });
    expect(config.filesDir.endsWith('/data/files')).toBe(true);
  });

  it('turns the captcha off only when asked', () => {
    expect(loadConfig({ CAPTCHA: 'off' }).captcha).toBe(false);
    expect(loadConfig({ CAPTCHA: 'OFF' }).captcha).toBe(false);
    expect(loadConfig({ CAPTCHA: 'no' }).captcha).toBe(true);
    expect(loadConfig({ CAPTCHA: '' }).captcha).toBe(true);
  });

  it('refuses a port or idle time that is not a positive integer', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '5' }).sessionIdleMinutes).toBe(5);
  });
});
