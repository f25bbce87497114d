import Database from 'better-sqlite3';
import { captchaAnswerHash } from '../../packages/server/src/modules/session/captcha.repository.js';
import { hashPassword } from '../../packages/server/src/platform/password.js';

/**
 * Direct reads and writes on the running server's SQLite file, for what a journey
 * cannot do through the console yet: read the captcha a person would read off the
 * image, age a session, create a sub-user before the user pages exist.
 */
export function openDb(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * The answer to type for the captcha drawn for `id`. The server keeps only a hash of
 * what it drew, so a journey can not read it back as a person reads the image: it
 * swaps in an answer of its own (undefined when no captcha was issued for the id).
 */
export function captchaAnswer(file: string, id: string): string | undefined {
  const answer = 'e2ek';
  const db = openDb(file);
  try {
    const changed = db.prepare('update captcha set answer = ? where id = ?').run(captchaAnswerHash(id, answer), id).changes;
    return changed === 1 ? answer : undefined;
  } finally {
    db.close();
  }
}

export function ageSessions(file: string, minutes: number): void {
  const db = openDb(file);
  try {
    db.prepare('update session set "lastSeenAt" = "lastSeenAt" - ?').run(minutes * 60_000);
  } finally {
    db.close();
  }
}

/** A sub-user of admin with a role granting the given menu urls (and "url:funCode" buttons). */
export async function createSubUser(file: string, userName: string, password: string, grants: string[]): Promise<void> {
  const passwordHash = await hashPassword(password);
  const db = openDb(file);
  try {
    const admin = db.prepare('select id from account where "userName" = ?').get('admin') as { id: number };
    const role = db
      .prepare('insert into role ("roleName", "ownerId", status, "createTime") values (?, ?, 1, ?) returning id')
      .get(`${userName}的角色`, admin.id, Date.now()) as { id: number };
    for (const grant of grants) {
      const [url, funCode] = grant.split(':');
      const menu = (
        funCode
          ? db.prepare('select id from menu where url = ? and type = 1 and "funCode" = ?').get(url, funCode)
          : db.prepare('select id from menu where url = ? and type = 0').get(url)
      ) as { id: number } | undefined;
      if (!menu) throw new Error(`no menu for ${grant}`);
      db.prepare('insert into role_menu ("roleId", "menuId") values (?, ?)').run(role.id, menu.id);
    }
    db.prepare(
      'insert into account ("userName", "passwordHash", "roleId", "parentId", status, "platformAdmin", "mustChangePassword", "createTime") values (?, ?, ?, ?, 1, 0, 0, ?)',
    ).run(userName, passwordHash, role.id, admin.id, Date.now());
  } finally {
    db.close();
  }
}
