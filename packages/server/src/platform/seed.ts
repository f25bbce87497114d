import fs from 'node:fs';
import path from 'node:path';
import { FUN_NAMES, type MenuSeed, walkMenuTree } from '@factory/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { AppConfig } from './config.js';
import type { Db } from './db.js';
import { generatePassword, hashPassword } from './password.js';
import type { Database } from './schema.js';

export const ADMIN_USER_NAME = 'admin';
export const DEFAULT_FACTORY_NAME = '默认工厂';

/**
 * Brings the menu tree in line with MENU_TREE: inserts what is missing and updates
 * names, urls and order of what exists, keyed by menuKey so ids never change.
 */
async function seedMenus(db: Kysely<Database>): Promise<void> {
  const existing = new Map((await db.selectFrom('menu').select(['id', 'menuKey']).execute()).map((m) => [m.menuKey, m.id]));
  const idOf = new Map<MenuSeed, number>();

  const upsert = async (row: Omit<Database['menu'], 'id'> & { menuKey: string }): Promise<number> => {
    const id = existing.get(row.menuKey);
    if (id !== undefined) {
      await db.updateTable('menu').set(row).where('id', '=', id).execute();
      return id;
    }
    const inserted = await db.insertInto('menu').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  };

  const ordered: { menu: MenuSeed; level: number; sequence: number; parent: MenuSeed | null }[] = [];
  walkMenuTree((menu, level, sequence, parent) => ordered.push({ menu, level, sequence, parent }));
  for (const { menu, level, sequence, parent } of ordered) {
    const parentId = parent ? idOf.get(parent)! : 0;
    const id = await upsert({ menuKey: menu.key, parentId, name: menu.name, url: menu.url, sequence, level, type: 0, funCode: null });
    idOf.set(menu, id);
    for (const [index, funCode] of (menu.funCodes ?? []).entries()) {
      await upsert({
        menuKey: `${menu.key}:${funCode}`,
        parentId: id,
        name: menu.funNames?.[funCode] ?? FUN_NAMES[funCode],
        url: menu.url,
        sequence: index + 1,
        level: level + 1,
        type: 1,
        funCode,
      });
    }
  }
}

async function seedAdmin(db: Kysely<Database>, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  const admin = await db.selectFrom('account').select('id').where('userName', '=', ADMIN_USER_NAME).executeTakeFirst();
  if (admin) return;
  const password = config.adminPassword ?? generatePassword();
  await db
    .insertInto('account')
    .values({
      userName: ADMIN_USER_NAME,
      passwordHash: await hashPassword(password),
      roleId: null,
      parentId: null,
      status: 1,
      platformAdmin: 1,
      mustChangePassword: 0,
      createTime: Date.now(),
    })
    .execute();
  if (config.adminPassword) {
    if (password.length > 14) log.warn('ADMIN_PASSWORD is longer than 14 characters: the sign-in form accepts at most 14');
    return;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'initial-admin-password.txt');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  // Printed once, on purpose on stdout, so the operator sees it whatever the log level.
  process.stdout.write(`\n  平台管理员 admin 的初始密码: ${password}\n  (also written to ${file})\n\n`);
}

async function seedFactory(db: Kysely<Database>): Promise<void> {
  const factory = await db.selectFrom('factory').select('id').executeTakeFirst();
  if (factory) return;
  const admin = await db.selectFrom('account').select('id').where('userName', '=', ADMIN_USER_NAME).executeTakeFirst();
  await db
    .insertInto('factory')
    .values({ factoryName: DEFAULT_FACTORY_NAME, ownerId: admin?.id ?? null, createTime: Date.now() })
    .execute();
}

/** The terminal models of seed 000 §9: three PAD sizes and the handheld PDA. */
async function seedTerminalCategories(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('terminal_category').select('id').executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('terminal_category')
    .values([
      { name: '21.5寸平板', terminalType: 'PAD', screenInch: '21.5', sequence: 1 },
      { name: '15寸平板', terminalType: 'PAD', screenInch: '15', sequence: 2 },
      { name: '11.5寸平板', terminalType: 'PAD', screenInch: '11.5', sequence: 3 },
      { name: '手持机', terminalType: 'PDA', screenInch: null, sequence: 4 },
    ])
    .execute();
}

export async function seed(db: Db, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    // Two servers starting together on one PostgreSQL database must not seed twice.
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(20261121)`.execute(trx);
    await seedMenus(trx);
    await seedAdmin(trx, config, log);
    await seedFactory(trx);
    await seedTerminalCategories(trx);
  });
}
