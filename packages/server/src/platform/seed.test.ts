import fs from 'node:fs';
import path from 'node:path';
import { MENU_TREE, PATHS, walkMenuTree } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, dbOf, loginAs, loginAsAdmin } from '../../test/session-helpers.js';
import { buildTestApp, testDialects } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import type { MenuTreeNode } from '@factory/contracts';

function countMenus(): { menus: number; buttons: number } {
  let menus = 0;
  let buttons = 0;
  walkMenuTree((menu) => {
    menus += 1;
    buttons += menu.funCodes?.length ?? 0;
  });
  return { menus, buttons };
}

describe.each(testDialects())('first start on %s', (dialect) => {
  it('creates admin with ADMIN_PASSWORD, the default factory and the whole menu tree', async () => {
    const t = await buildTestApp(dialect);
    try {
      const admin = await loginAsAdmin(t.app);
      expect(admin.platformAdmin).toBe(true);
      const db = dbOf(t.app);
      const factories = await db.selectFrom('factory').selectAll().execute();
      expect(factories.map((f) => f.factoryName)).toEqual(['默认工厂']);

      const response = await t.app.inject({
        method: 'GET',
        url: `${PATHS.menuTree}?withFunction=true`,
        headers: bearer(admin.token),
      });
      const tree = response.json<{ data: MenuTreeNode[] }>().data;
      expect(tree.map((node) => node.name)).toEqual(MENU_TREE.map((menu) => menu.name));
      const flat: MenuTreeNode[] = [];
      const collect = (nodes: MenuTreeNode[]) =>
        nodes.forEach((node) => {
          flat.push(node);
          collect(node.children);
        });
      collect(tree);
      const expected = countMenus();
      expect(flat.filter((n) => n.type === 0)).toHaveLength(expected.menus);
      expect(flat.filter((n) => n.type === 1)).toHaveLength(expected.buttons);
      const account = flat.find((n) => n.url === '/account' && n.type === 0)!;
      expect(account.level).toBe(3);
      expect(account.children.map((b) => b.funCode)).toEqual(['add', 'edit', 'stop', 'start', 'delete', 'resetPassword']);
      expect(account.children.every((b) => b.type === 1 && b.pId === account.id)).toBe(true);
      expect(tree.find((n) => n.name === '数据中心')).toMatchObject({ url: '/dataCenter', level: 1, sequence: 2 });

      const menusOnly = await t.app.inject({ method: 'GET', url: PATHS.menuTree, headers: bearer(admin.token) });
      const menuNodes = JSON.stringify(menusOnly.json().data);
      expect(menuNodes).not.toContain('"type":1');
    } finally {
      await t.close();
    }
  });

  it('generates a password that follows the rules, writes it once, and keeps ids on restart', async () => {
    const t = await buildTestApp(dialect, { adminPassword: null });
    const file = path.join(t.config.dataDir, 'initial-admin-password.txt');
    try {
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,14}$/);
      await loginAs(t.app, 'admin', password);
      const before = await dbOf(t.app).selectFrom('menu').select(['id', 'menuKey']).orderBy('id').execute();

      if (dialect === 'sqlite') {
        // A second start on the same database: nothing is added twice, nothing renumbered.
        fs.rmSync(file);
        const again = await buildApp({ ...t.config }, { logger: false });
        try {
          const after = await dbOf(again).selectFrom('menu').select(['id', 'menuKey']).orderBy('id').execute();
          expect(after).toEqual(before);
          const admins = await dbOf(again).selectFrom('account').select('id').where('userName', '=', 'admin').execute();
          expect(admins).toHaveLength(1);
          expect(fs.existsSync(file)).toBe(false);
          await loginAs(again, 'admin', password);
        } finally {
          await again.close();
        }
      }
    } finally {
      await t.close();
    }
  });
});
