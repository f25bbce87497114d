import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, loadConfig } from './config.js';
import { hashPassword, usePasswordHashCost } from './password.js';

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

  it('believes X-Forwarded-For only from the balancers TRUST_PROXY lists, never from everyone', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,loopback, ::1, fd00::/8 ' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8']);
    for (const wrong of ['true', '*', '10.0.0.0/33', 'balancer.local', '10.0.0.1/8/1', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('hashes passwords at production strength unless PASSWORD_HASH_COST lowers it (the test app does)', async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(19_456);
    expect(loadConfig({}).passwordHashCost).toBe(DEFAULT_PASSWORD_HASH_COST);
    // What buildApp does with the default: argon2id, 19 MiB, 2 passes, 1 lane. Set here because
    // the server's test files share their worker's modules (isolate: false), so an earlier
    // file's test app may have lowered the cost.
    usePasswordHashCost(loadConfig({}).passwordHashCost);
    expect(await hashPassword('Right123x')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(loadConfig({ PASSWORD_HASH_COST: '8' }).passwordHashCost).toBe(8);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '4' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '2000000' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'low' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
