import type { SessionAccount } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { scopeOfAccount } from '../../platform/request-scope.js';
import type { ResultEvent, ResultEventHub } from '../../platform/result-events.js';
import { taskVisible } from '../../platform/task-scope.js';

/** How long a stream trusts what it learnt of a task's visibility (a task's lines, or the user's, may change). */
const VISIBILITY_TTL_MS = 60_000;

/**
 * The results a dashboard stream of this user hears: of its account (any for
 * the platform administrator), and for a user tied to lines only of the tasks
 * it sees. An event names its task, so an event of a hidden task would tell a
 * user what runs on another line. Whether a task is seen is asked once per task
 * and minute (results arrive by thousands a second; a burst of one task costs
 * one read), with the scope read anew each time, so a change of lines counts.
 * The hub answered is the given one, its listeners filtered.
 */
export function resultsInScope(db: Db, hub: ResultEventHub, account: SessionAccount, ownerId: number | null): ResultEventHub {
  // The dashboard's figures are of production tasks; a DTU task's id is of another table.
  const inAccount = (event: ResultEvent) => event.kind === 'task' && (ownerId === null || event.ownerId === ownerId);
  // The platform administrator and a tenant's root account see every task of the account.
  if (account.platformAdmin || account.parentId === null) {
    return { ...hub, subscribe: (listener) => hub.subscribe((event) => inAccount(event) && listener(event)) };
  }
  const known = new Map<number, { at: number; visible: Promise<boolean> }>();
  const visible = (taskId: number): Promise<boolean> => {
    const now = Date.now();
    const cached = known.get(taskId);
    if (cached && now - cached.at < VISIBILITY_TTL_MS) return cached.visible;
    // Not the request's scope (kept for the request): the stream outlives it, and a change of lines counts.
    const asked = scopeOfAccount(db, account)
      .then((scope) => taskVisible(db.kysely, scope, taskId))
      // A failed read wakes nobody; the dashboard's polling still refreshes it.
      .catch(() => false);
    known.set(taskId, { at: now, visible: asked });
    return asked;
  };
  return {
    ...hub,
    subscribe: (listener) => {
      // An answer arriving after the stream closed must not write to it.
      let open = true;
      const unsubscribe = hub.subscribe((event) => {
        if (!inAccount(event)) return;
        void visible(event.taskId).then((seen) => open && seen && listener(event));
      });
      return () => {
        open = false;
        return unsubscribe();
      };
    },
  };
}
