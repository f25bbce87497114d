import { LOG_MODULES, MSG, OPERATION_LOG_ENDPOINTS as LOG, type OperationLogRow } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import type { SessionAccount } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { requireAccount } from '../../platform/auth.js';
import type { OperationLogTable } from '../../platform/schema.js';
import { subtreeIds } from '../../platform/scope.js';
import { formatTime, parseZonedTime } from '../../platform/time.js';
import { logModules, logPage } from './operation-log.repository.js';

function moduleName(module: string): string {
  return LOG_MODULES[module] ?? module;
}

function toRow(entry: Selectable<OperationLogTable>, timeZone: string): OperationLogRow {
  return {
    id: entry.id,
    userName: entry.userName,
    module: entry.module,
    moduleName: moduleName(entry.module),
    action: entry.action,
    method: entry.method,
    route: entry.route,
    targetId: entry.targetId,
    summary: entry.summary,
    statusCode: entry.statusCode,
    success: entry.statusCode < 400,
    ip: entry.ip,
    createTime: formatTime(Number(entry.createTime), timeZone),
  };
}

export function operationLogRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  /**
   * Whose entries the viewer may read: the platform administrator reads all of
   * them (anonymous refusals included), anyone else those of its own subtree, the
   * same accounts it may manage on the user page.
   */
  async function visibleAccounts(account: SessionAccount): Promise<number[] | null> {
    return account.platformAdmin ? null : subtreeIds(db.kysely, account.id);
  }

  function instant(text: string | undefined): { epochMs: number; dateOnly: boolean } | undefined {
    if (text === undefined) return undefined;
    const parsed = parseZonedTime(text, config.timeZone);
    if (!parsed) throw badRequest(MSG.invalidInput);
    return parsed;
  }

  return async (app) => {
    route(app, LOG.operationLogList, async (request) => {
      const { page, pageSize, userName, module, fromTime, toTime } = request.query;
      const from = instant(fromTime);
      const to = instant(toTime);
      // A bare end date is exclusive (the console sends the day after the last one
      // picked, as on the records page); a full time includes its own second.
      const before = to ? (to.dateOnly ? to.epochMs : to.epochMs + 1000) : undefined;
      const accountIds = await visibleAccounts(requireAccount(request));
      const { rows, total } = await logPage(db.kysely, { accountIds, userName, module, from: from?.epochMs, before }, { page, pageSize });
      return {
        list: rows.map((row) => toRow(row, config.timeZone)),
        total,
        pageSize,
        pageNum: page,
      };
    });

    route(app, LOG.operationLogModules, async (request) => {
      const modules = await logModules(db.kysely, await visibleAccounts(requireAccount(request)));
      return modules.map((module) => ({ module, moduleName: moduleName(module) }));
    });
  };
}
