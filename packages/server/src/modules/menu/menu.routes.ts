import { MENU_ENDPOINTS as MENU } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../platform/auth.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { excludedFromRoles, heldMenuIds, menusById } from '../../platform/role-grants.js';
import { route } from '../../platform/route.js';
import { menuTree } from './menu.repository.js';

export function menuRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Read by the role editor's permission tree and by the read-only menu list page.
    route(app, MENU.menuTree, async (request) => {
      const { withFunction, forRole } = request.query;
      if (!forRole) return menuTree(db.kysely, withFunction);
      const byId = await menusById(db.kysely);
      const held = await heldMenuIds(db.kysely, requireAccount(request), byId);
      return menuTree(db.kysely, withFunction, (menu) => !excludedFromRoles(menu, byId) && (held === null || held.has(menu.id)));
    });
  };
}
