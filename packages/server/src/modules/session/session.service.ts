import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type LoginBody, type LoginResult, MSG } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../platform/config.js';
import { badRequest, conflict, forbidden, tooManyRequests } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { Account, Database } from '../../platform/schema.js';
import { createSession } from '../../platform/sessions.js';
import { findAccountById, findAccountByName, findRoleName } from './account.repository.js';
import { takeCaptcha } from './captcha.repository.js';
import { clearFailures, isLockedOut, recordFailure } from './login-failure.repository.js';
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
  body: Required<LoginBody>,
): Promise<LoginResult> {
  const now = Date.now();
  const userName = body.username.trim();
  if (await isLockedOut(db, userName, now)) throw tooManyRequests(MSG.tooManyAttempts);

  if (config.captcha) {
    if (!body.code || !body.codeId) throw badRequest(MSG.captchaRequired);
    const answer = await takeCaptcha(db, body.codeId, now);
    if (answer === null || answer !== body.code.trim().toLowerCase()) throw badRequest(MSG.captchaWrong);
  }

  const account = await findAccountByName(db, userName);
  const passwordOk = await verifyPassword(body.password, account?.passwordHash ?? (await decoyHash));
  if (!account || !passwordOk) {
    await recordFailure(db, userName, now);
    throw badRequest(MSG.badCredentials);
  }
  if (account.status !== 1) throw forbidden(MSG.accountStopped);

  await clearFailures(db, userName);
  return loginResultFor(db, account);
}

function base64urlJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * A one-time code from the group platform: base64url(JSON{userName, exp}) + '.' +
 * base64url(HMAC-SHA256(secret, first part)); exp in seconds since the epoch.
 * Each code signs in once; its hash is kept until it expires.
 */
export async function platformLogin(db: Kysely<Database>, config: AppConfig, code: string): Promise<LoginResult> {
  if (!config.platformLoginSecret) throw forbidden(MSG.platformLoginDisabled);
  const [payload, signature, extra] = code.split('.');
  if (!payload || !signature || extra !== undefined) throw badRequest(MSG.platformCodeInvalid);

  const expected = createHmac('sha256', config.platformLoginSecret).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(MSG.platformCodeInvalid);

  const claims = base64urlJson(payload) as { userName?: unknown; exp?: unknown } | null;
  if (!claims || typeof claims.userName !== 'string' || typeof claims.exp !== 'number') {
    throw badRequest(MSG.platformCodeInvalid);
  }
  const now = Date.now();
  const expiresAt = claims.exp * 1000;
  if (expiresAt <= now) throw badRequest(MSG.platformCodeExpired);

  const account = await findAccountByName(db, claims.userName);
  if (!account) throw badRequest(MSG.platformCodeInvalid);
  if (account.status !== 1) throw forbidden(MSG.accountStopped);

  return db.transaction().execute(async (trx) => {
    const codeHash = createHash('sha256').update(code).digest('hex');
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
