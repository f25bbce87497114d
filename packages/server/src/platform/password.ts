import { randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { DEFAULT_PASSWORD_HASH_COST } from './config.js';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), from @node-rs/argon2 whose
 * binary ships inside its npm package. About 10 ms a hash on these machines: stronger and
 * cheaper than the scrypt (N=2^14) it replaces. The memory cost comes from the
 * configuration (PASSWORD_HASH_COST, config.ts): buildApp sets it, production keeps the
 * default, and the test app lowers it so that its thousands of hashes cost nothing.
 */
// algorithm 2 is Algorithm.Argon2id (an ambient const enum, which this build cannot import).
const ARGON2 = { algorithm: 2, timeCost: 2, parallelism: 1 } as const;
let memoryCost = DEFAULT_PASSWORD_HASH_COST;

/** The argon2 memory cost (KiB) of the hashes written from now on: `config.passwordHashCost`, set by buildApp. */
export function usePasswordHashCost(cost: number): void {
  memoryCost = cost;
}

/** The prefix of a hash written at today's cost. */
function currentPrefix(): string {
  return `$argon2id$v=19$m=${memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, { ...ARGON2, memoryCost });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password);
    } catch {
      return false;
    }
  }
  return verifyScrypt(password, stored);
}

/** Whether a stored hash is older or weaker than today's: it is replaced at the next good sign-in. */
export function passwordNeedsRehash(stored: string): boolean {
  return !stored.startsWith(currentPrefix());
}

/** Hashes written before issue 12: `scrypt$N$r$p$salt$key`. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

/** A 12-character password that satisfies the console's rule (digit, lower, upper, 8–14). */
export function generatePassword(): string {
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = lower + upper + digits;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(lower), pick(upper), pick(digits)];
  while (chars.length < 12) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
