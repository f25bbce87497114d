import { envelopeOf, menuTreeNode, menuTreeQuery, need, PATHS } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.js';
import type { ModuleContext } from '../../routes.js';
import { menuTree } from './menu.repository.js';

export function menuRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The role editor's permission tree is its only reader, so the route needs the role menu.
    app.get(
      PATHS.menuTree,
      {
        config: { permission: need('/role') },
        schema: {
          tags: ['菜单'],
          summary: '菜单树 (含功能按钮)',
          querystring: menuTreeQuery,
          response: { 200: envelopeOf(z.array(menuTreeNode)) },
        },
      },
      async (request) => ok(await menuTree(db.kysely, request.query.withFunction)),
    );
  };
}
