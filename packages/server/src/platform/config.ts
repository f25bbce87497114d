import net from 'node:net';
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
  /**
   * DTU reports over MQTT (DESIGN.md §9.4; MQTT=off turns it off): on unless told, so
   * `npm start` takes reports; the test app turns it off and a test that needs it asks.
   */
  mqtt: boolean;
  /** MQTT_URL: the factory's broker to subscribe to; null runs the embedded broker */
  mqttUrl: string | null;
  /** MQTT_PORT: the embedded broker's port (0: any free port, for tests) */
  mqttPort: number;
  /** MQTT_SHARE_GROUP: the shared-subscription group on MQTT_URL's broker, one per deployment (DESIGN.md §10) */
  mqttShareGroup: string;
  /**
   * TRUST_PROXY: the load balancers (addresses, CIDR ranges or loopback/linklocal/uniquelocal) whose
   * X-Forwarded-For names the caller; empty: the connection's own address is the caller's (docs/operations.md)
   */
  trustProxy: string[];
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

function portNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) throw new Error(`${name} must be a port number (0 to 65535), got "${raw}"`);
  return value;
}

const SHARE_GROUP = /^[A-Za-z0-9_-]{1,64}$/;

function shareGroup(env: Env): string {
  const raw = env.MQTT_SHARE_GROUP;
  if (raw === undefined || raw === '') return 'factory-console';
  // A topic level of its own: '/', '+' and '#' would change what is subscribed.
  if (!SHARE_GROUP.test(raw)) throw new Error(`MQTT_SHARE_GROUP must be letters, digits, _ or -, got "${raw}"`);
  return raw;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The balancers to believe: never everyone, since any caller could then name an address of its choosing. */
function trustProxy(env: Env): string[] {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((entry) => {
    const value = entry.trim();
    const [address, prefix, ...rest] = value.split('/');
    const family = net.isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (PROXY_KEYWORDS.has(value) || (family !== 0 && prefixOk && rest.length === 0)) return value;
    throw new Error(`TRUST_PROXY must list addresses, CIDR ranges or loopback/linklocal/uniquelocal, separated by commas; got "${value}"`);
  });
}

function mqttUrl(env: Env): string | null {
  const raw = env.MQTT_URL;
  if (raw === undefined || raw === '') return null;
  if (!/^(mqtts?|wss?|tcp|ssl):\/\/./.test(raw)) throw new Error(`MQTT_URL must look like mqtt://host:1883, got "${raw}"`);
  return raw;
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
    mqtt: (env.MQTT ?? 'on').toLowerCase() !== 'off',
    mqttUrl: mqttUrl(env),
    mqttPort: portNumber(env, 'MQTT_PORT', 1883),
    mqttShareGroup: shareGroup(env),
    trustProxy: trustProxy(env),
  };
}
