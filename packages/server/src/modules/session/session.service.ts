import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type BodyOut, type LoginResult, MSG, type SESSION_ENDPOINTS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { findAccountById, findAccountByName, findRoleName, upgradePasswordHash } from '../../platform/accounts.js';
import type { AppConfig } from '../../platform/config.js';
import { badRequest, conflict, forbidden, tooManyRequests } from '../../platform/errors.js';
import { clearFailures, isLockedOut, recordFailure } from '../../platform/login-failures.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { Account, Database } from '../../platform/schema.js';
import { createSession } from '../../platform/sessions.js';
import { checkCaptcha } from './captcha.repository.js';
import { sessionMenus } from './session-menus.js';

// Verifying against a real hash when the user does not exist keeps the answer time
// the same, so response times do not reveal which user names exist.
const decoyHash = hashPassword('decoy-Password-1');

async function loginResultFor(db: Kysely<Database>, account: Account): Promise<LoginResult> {
  const token = await createSession(db, account.id);
  const parent = account.parentId === null ? undefined : await findAccountById(db, account.parentId);
  return {
    token,
    id: account.id,
    userName: account.userName,
    parentId: account.parentId,
    parentName: parent?.userName ?? null,
    platformAdmin: account.platformAdmin === 1,
    mustChangePassword: account.mustChangePassword === 1,
    roleDetailDTO: {
      roleId: account.roleId,
      roleName: account.roleId === null ? null : await findRoleName(db, account.roleId),
      roleMenuFunctionVOS: await sessionMenus(db, account),
    },
  };
}

export async function login(
  db: Kysely<Database>,
  config: AppConfig,
  body: BodyOut<typeof SESSION_ENDPOINTS.login>,
  address: string | null,
): Promise<LoginResult> {
  const now = Date.now();
  const userName = body.username.trim();
  const attempt = { userName, address };
  if (await isLockedOut(db, attempt, now)) throw tooManyRequests(MSG.tooManyAttempts);

  if (config.captcha) {
    if (!body.code || !body.codeId) throw badRequest(MSG.captchaRequired);
    if (!(await checkCaptcha(db, body.codeId, body.code, now))) throw badRequest(MSG.captchaWrong);
  }

  const account = await findAccountByName(db, userName);
  const passwordOk = await verifyPassword(body.password, account?.passwordHash ?? (await decoyHash));
  if (!account || !passwordOk) {
    await recordFailure(db, attempt, now);
    throw badRequest(MSG.badCredentials);
  }
  if (account.status !== 1) throw forbidden(MSG.accountStopped);

  await clearFailures(db, userName);
  await upgradePasswordHash(db, account, body.password);
  return loginResultFor(db, account);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Canonical base64url only: Node's decoder skips '=', '!' and other stray characters and
 * ignores the low bits of the last character, so a lenient decode lets one signed code
 * be written many ways (each passing the signature check as a "new" code). A part is
 * accepted only when it is exactly the encoding of the bytes it decodes to.
 */
export function strictBase64url(part: string): Buffer | null {
  if (!BASE64URL.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

function jsonOf(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

/** A code valid for longer than this from now is refused: the platform issues codes for immediate use. */
export const PLATFORM_CODE_MAX_LIFETIME_MS = 5 * 60_000;

/**
 * A one-time code from the group platform: base64url(JSON{userName, exp, nonce?}) + '.' +
 * base64url(HMAC-SHA256(secret, first part)), both canonical base64url; exp in seconds
 * since the epoch, at most five minutes ahead. Each code signs in once: the hash of its
 * claims is kept until it expires (two codes for one user and second need distinct nonces).
 */
export async function platformLogin(db: Kysely<Database>, config: AppConfig, code: string): Promise<LoginResult> {
  if (!config.platformLoginSecret) throw forbidden(MSG.platformLoginDisabled);
  const [payload, signature, extra] = code.split('.');
  if (!payload || !signature || extra !== undefined) throw badRequest(MSG.platformCodeInvalid);
  const payloadBytes = strictBase64url(payload);
  const given = strictBase64url(signature);
  if (!payloadBytes || !given) throw badRequest(MSG.platformCodeInvalid);

  const expected = createHmac('sha256', config.platformLoginSecret).update(payload).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(MSG.platformCodeInvalid);

  const claims = jsonOf(payloadBytes) as { userName?: unknown; exp?: unknown; nonce?: unknown } | null;
  if (
    !claims ||
    typeof claims.userName !== 'string' ||
    typeof claims.exp !== 'number' ||
    !Number.isFinite(claims.exp) ||
    (claims.nonce !== undefined && typeof claims.nonce !== 'string')
  ) {
    throw badRequest(MSG.platformCodeInvalid);
  }
  const now = Date.now();
  const expiresAt = Math.floor(claims.exp * 1000);
  if (expiresAt <= now) throw badRequest(MSG.platformCodeExpired);
  if (expiresAt > now + PLATFORM_CODE_MAX_LIFETIME_MS) throw badRequest(MSG.platformCodeInvalid);

  const account = await findAccountByName(db, claims.userName);
  if (!account) throw badRequest(MSG.platformCodeInvalid);
  if (account.status !== 1) throw forbidden(MSG.accountStopped);

  return db.transaction().execute(async (trx) => {
    // The use is recorded by what the code says (user, expiry, nonce), not by its text:
    // however a signed payload is written, it signs in once.
    const codeHash = createHash('sha256')
      .update(JSON.stringify([claims.userName, claims.exp, claims.nonce ?? null]))
      .digest('hex');
    await trx.deleteFrom('platform_code').where('expiresAt', '<', now).execute();
    const inserted = await trx
      .insertInto('platform_code')
      .values({ codeHash, expiresAt })
      .onConflict((oc) => oc.column('codeHash').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(MSG.platformCodeUsed);
    return loginResultFor(trx, account);
  });
}
