import path from 'node:path';

/** Everything the server reads from the environment (DESIGN.md §2). */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  filesDir: string;
  /** where first-start artefacts such as initial-admin-password.txt are written */
  dataDir: string;
  adminPassword: string | null;
  defaultUserPassword: string;
  captcha: boolean;
  platformLoginSecret: string | null;
  sessionIdleMinutes: number;
  logLevel: string;
  timeZone: string;
  /** the built console (packages/web/dist); null serves no console */
  consoleDir: string | null;
  /**
   * argon2id memory cost (KiB) of new password hashes (PASSWORD_HASH_COST): OWASP's minimum
   * unless set. Only the test app lowers it; hashes of another cost are redone at sign-in.
   */
  passwordHashCost: number;
}

/** 19 MiB: OWASP's minimum memory for argon2id at 2 passes, the production cost. */
export const DEFAULT_PASSWORD_HASH_COST = 19_456;
/** argon2 takes at least 8 KiB a lane; past 1 GiB a sign-in would exhaust the server. */
const PASSWORD_HASH_COST_RANGE = { min: 8, max: 1_048_576 } as const;

type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

function intWithin(env: Env, name: string, fallback: number, range: { min: number; max: number }): number {
  const value = positiveInt(env, name, fallback);
  if (value < range.min || value > range.max) {
    throw new Error(`${name} must be between ${range.min} and ${range.max}, got "${env[name]}"`);
  }
  return value;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const consoleDir = path.resolve(import.meta.dirname, '../../../web/dist');
  return {
    port: positiveInt(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || 'file:./data/factory.db',
    filesDir: path.resolve(env.FILES_DIR || './data/files'),
    dataDir: path.resolve('./data'),
    adminPassword: env.ADMIN_PASSWORD || null,
    defaultUserPassword: env.DEFAULT_USER_PASSWORD || 'Factory123',
    // Off only when explicitly asked for: a forgotten setting must not open the door.
    captcha: (env.CAPTCHA ?? 'on').toLowerCase() !== 'off',
    platformLoginSecret: env.PLATFORM_LOGIN_SECRET || null,
    sessionIdleMinutes: positiveInt(env, 'SESSION_IDLE_MINUTES', 120),
    logLevel: env.LOG_LEVEL || 'info',
    timeZone: env.TZ || 'Asia/Shanghai',
    consoleDir,
    passwordHashCost: intWithin(env, 'PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COST_RANGE),
  };
}
