import type { Kysely } from 'kysely';

/**
 * Issue 12: live-event streams open with a one-use ticket instead of the session
 * token in the url (platform/stream-tickets.ts). Tickets are rows, not process
 * memory, so a ticket issued by one server process opens a stream on another
 * (DESIGN.md §10). A ticket belongs to the session that asked for it: signing
 * out, a password change or a stop deletes the session and its tickets with it.
 */
export function streamTicketMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('stream_ticket')
        .addColumn('ticketHash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('tokenHash', 'varchar(64)', (c) => c.notNull().references('session.tokenHash').onDelete('cascade'))
        .addColumn('stream', 'varchar(64)', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .execute();
      // Expired tickets nobody used are swept by time; the session's tickets go with it (the cascade).
      await db.schema.createIndex('stream_ticket_expires').on('stream_ticket').column('expiresAt').execute();
      await db.schema.createIndex('stream_ticket_session').on('stream_ticket').column('tokenHash').execute();
    },
  };
}
