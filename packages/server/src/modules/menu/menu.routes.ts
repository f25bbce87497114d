import { envelopeOf, menuTreeNode, menuTreeQuery, needAnyOf, PATHS } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { excludedFromRoles, heldMenuIds, menusById } from '../role/role-grants.js';
import { menuTree } from './menu.repository.js';

export function menuRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Read by the role editor's permission tree and by the read-only menu list page.
    app.get(
      PATHS.menuTree,
      {
        config: { permission: needAnyOf('/role', '/menu') },
        schema: {
          tags: ['菜单'],
          summary: '菜单树 (含功能按钮)',
          querystring: menuTreeQuery,
          response: { 200: envelopeOf(z.array(menuTreeNode)) },
        },
      },
      async (request) => {
        const { withFunction, forRole } = request.query;
        if (!forRole) return ok(await menuTree(db.kysely, withFunction));
        const byId = await menusById(db.kysely);
        const held = await heldMenuIds(db.kysely, requireAccount(request), byId);
        return ok(
          await menuTree(db.kysely, withFunction, (menu) => !excludedFromRoles(menu, byId) && (held === null || held.has(menu.id))),
        );
      },
    );
  };
}
