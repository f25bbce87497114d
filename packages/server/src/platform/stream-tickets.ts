import { randomBytes } from 'node:crypto';
import { STREAM_TICKET_SECONDS, type StreamTicket } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { hashToken } from './sessions.js';

/**
 * Issues a ticket that opens `stream` (a stream route's path) once, within
 * STREAM_TICKET_SECONDS, for the session `tokenHash`. Like session tokens, only
 * its sha-256 is stored. Tickets left unused are swept here, so the table holds
 * about a minute's worth.
 */
export async function issueStreamTicket(db: Kysely<Database>, tokenHash: string, stream: string, now: number): Promise<StreamTicket> {
  const ticket = randomBytes(32).toString('base64url');
  await db.deleteFrom('stream_ticket').where('expiresAt', '<=', now).execute();
  await db
    .insertInto('stream_ticket')
    .values({ ticketHash: hashToken(ticket), tokenHash, stream, expiresAt: now + STREAM_TICKET_SECONDS * 1000 })
    .execute();
  return { ticket, expiresIn: STREAM_TICKET_SECONDS };
}

/**
 * The session a ticket was issued to, when it was issued for `stream` and has
 * not expired; null otherwise. The ticket is deleted in the same statement that
 * reads it, so of two requests racing with one ticket (on any process) only one
 * gets it; a ticket shown to the wrong stream is spent all the same.
 */
export async function redeemStreamTicket(db: Kysely<Database>, ticket: string, stream: string, now: number): Promise<string | null> {
  const row = await db
    .deleteFrom('stream_ticket')
    .where('ticketHash', '=', hashToken(ticket))
    .returning(['tokenHash', 'stream', 'expiresAt'])
    .executeTakeFirst();
  if (!row || row.stream !== stream || row.expiresAt <= now) return null;
  return row.tokenHash;
}
