import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from './schema.js';
import type { TaskScope } from './task-scope.js';

/**
 * Which terminals a caller sees and manages (DESIGN.md §4), scoped as tasks
 * are (task-scope.ts, the same TaskScope): the platform administrator every
 * terminal, a tenant's root account every terminal of its tenant, a user below
 * it the tenant's terminals on its own lines. A terminal on no line (an unused
 * PAD, a PDA) belongs to no line's scope but to the whole account: every user of
 * the account sees it, so that a sub-user can put a new PAD on its line.
 * Shared by the terminal module and the data center's terminal counts.
 */
export function terminalInScope(eb: ExpressionBuilder<Database, 'terminal'>, scope: TaskScope): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (scope.ownerId !== null) conditions.push(eb('terminal.ownerId', '=', scope.ownerId));
  if (scope.lineIds !== null) {
    const lineIds = scope.lineIds;
    conditions.push(
      lineIds.length === 0
        ? eb('terminal.lineId', 'is', null)
        : eb.or([eb('terminal.lineId', 'is', null), eb('terminal.lineId', 'in', lineIds)]),
    );
  }
  return eb.and(conditions);
}

/** Whether a sub-user may put a terminal on the line (its own lines only; the caller checks the line is the tenant's). */
export const mayUseLine = (scope: TaskScope, lineId: number) => scope.lineIds === null || scope.lineIds.includes(lineId);
