import type { FunCode } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import { holdsPermission, requireAccount } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { forbidden } from '../../platform/errors.js';

/** A menu and, optionally, one of its buttons. */
export interface Grant {
  menu: string;
  fun?: FunCode;
}

/**
 * A route's onRequest hook refusing (403) an account that holds none of `grants`.
 * For needs the route's declared permission can not say (a button on any one of
 * several menus: upload to any document type, delete any). Route hooks run after
 * the guard's, so the account is known, and before the body is read or validated
 * (DESIGN.md §4).
 */
export function requireAnyGrant(db: Db, grants: readonly Grant[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const account = requireAccount(request);
    for (const grant of grants) {
      if (await holdsPermission(db, account, grant.menu, grant.fun)) return;
    }
    throw forbidden();
  };
}
