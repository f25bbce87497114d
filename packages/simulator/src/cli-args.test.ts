import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-args.js';

describe('simulator command line', () => {
  it('reads the documented options', () => {
    const options = parseCli(
      ['--url', 'http://127.0.0.1:9090/', '--stations', '20', '--rate', '5', '--failure-rate', '0.05', '--seed-factory', '--admin-password', 'Admin12345'],
      {},
    );
    expect(options).toMatchObject({ url: 'http://127.0.0.1:9090', stations: 20, rate: 5, failureRate: 0.05, seedFactory: true, adminPassword: 'Admin12345' });
    expect(options.stationUser).toBe('admin');
    expect(options.stationPassword).toBe('Admin12345');
  });

  it('takes the administrator password from ADMIN_PASSWORD and refuses to run without one', () => {
    expect(parseCli([], { ADMIN_PASSWORD: 'Demo12345' }).adminPassword).toBe('Demo12345');
    expect(() => parseCli([], {})).toThrow(/administrator password/);
  });

  it('keeps planning tasks with --continuous, which needs the seeded plan to repeat', () => {
    expect(parseCli(['--seed-factory', '--continuous'], { ADMIN_PASSWORD: 'x' })).toMatchObject({ seedFactory: true, continuous: true });
    expect(parseCli(['--seed-factory'], { ADMIN_PASSWORD: 'x' }).continuous).toBe(false);
    expect(() => parseCli(['--continuous'], { ADMIN_PASSWORD: 'x' })).toThrow('--continuous needs --seed-factory');
  });

  it('runs the warehouse with a seeded factory unless --no-warehouse, and only there', () => {
    const env = { ADMIN_PASSWORD: 'x' };
    expect(parseCli(['--seed-factory'], env).warehouse).toBe(true);
    expect(parseCli(['--seed-factory', '--no-warehouse'], env).warehouse).toBe(false);
    expect(parseCli(['--seed-factory', '--warehouse'], env).warehouse).toBe(true);
    // Without a seeded factory there is no PDA and no 仓库质检员 to work it.
    expect(parseCli([], env).warehouse).toBe(false);
    expect(parseCli(['--no-warehouse'], env).warehouse).toBe(false);
    expect(() => parseCli(['--warehouse'], env)).toThrow('--warehouse needs --seed-factory');
  });

  it('reads the spot-check defect rate, 0.005 by default', () => {
    const env = { ADMIN_PASSWORD: 'x' };
    expect(parseCli(['--seed-factory'], env).spotDefectRate).toBe(0.005);
    expect(parseCli(['--seed-factory', '--spot-defect-rate', '0.1'], env).spotDefectRate).toBe(0.1);
    expect(parseCli(['--seed-factory', '--spot-defect-rate', '0'], env).spotDefectRate).toBe(0);
  });

  it('runs the DTU benches with a seeded factory unless --no-dtu, publishing to the server host\'s broker unless told', () => {
    const env = { ADMIN_PASSWORD: 'x' };
    expect(parseCli(['--seed-factory', '--url', 'http://10.0.0.5:8080'], env)).toMatchObject({
      dtu: true,
      dtuRate: 12,
      dtuFailureRate: 0.08,
      dtuSubmitEvery: 20,
      mqttUrl: 'mqtt://10.0.0.5:1883',
    });
    expect(parseCli(['--seed-factory', '--dtu-submit-every', '0'], env).dtuSubmitEvery).toBe(0);
    expect(parseCli(['--seed-factory', '--no-dtu'], env).dtu).toBe(false);
    expect(parseCli([], env).dtu).toBe(false);
    expect(() => parseCli(['--dtu'], env)).toThrow('--dtu needs --seed-factory');
    expect(parseCli(['--seed-factory', '--dtu-rate', '0', '--dtu-failure-rate', '0.2'], env)).toMatchObject({ dtuRate: 0, dtuFailureRate: 0.2 });
    expect(parseCli(['--seed-factory'], { ...env, MQTT_URL: 'mqtt://broker.factory:1883' }).mqttUrl).toBe('mqtt://broker.factory:1883');
    expect(parseCli(['--seed-factory', '--mqtt-url', 'mqtt://127.0.0.1:18830'], env).mqttUrl).toBe('mqtt://127.0.0.1:18830');
    expect(() => parseCli(['--seed-factory', '--mqtt-url', 'localhost:1883'], env)).toThrow(/--mqtt-url/);
  });

  it.each([
    [['--dtu-rate', '-1'], /--dtu-rate/],
    [['--dtu-failure-rate', '2'], /--dtu-failure-rate/],
    [['--dtu-submit-every', '2.5'], /--dtu-submit-every/],
    [['--spot-defect-rate', '1.5'], /--spot-defect-rate/],
    [['--spot-defect-rate', '-0.1'], /--spot-defect-rate/],
    [['--spot-defect-rate', ''], /--spot-defect-rate/],
    [['--stations', '0'], /--stations/],
    [['--stations', '2.5'], /--stations/],
    [['--failure-rate', '1.5'], /--failure-rate/],
    [['--rate', 'fast'], /--rate/],
    [['--unknown'], /unknown/i],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv, { ADMIN_PASSWORD: 'x' })).toThrow(message);
  });
});
