import type { DocumentType } from '@factory/contracts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/schema.js';

/**
 * `column` contains `text`, ignoring ASCII case on both dialects and taking % and _
 * literally (file names are full of underscores).
 */
function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** A document with its stored file and uploader, as the list and the delete read it. */
export type DocumentRow = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

function documentsWithFiles(db: Kysely<Database>) {
  return db
    .selectFrom('document')
    .innerJoin('stored_file', 'stored_file.id', 'document.fileId')
    .leftJoin('account', 'account.id', 'document.uploaderId')
    .select([
      'document.id',
      'document.type',
      'document.originName',
      'document.fileId',
      'stored_file.fileKey',
      'stored_file.sha256',
      'stored_file.contentType',
      'stored_file.size',
      'document.createTime',
      'account.userName as uploaderName',
    ]);
}

/** The documents of one type, newest first; `originName` matches as "contains". */
export function listDocuments(db: Kysely<Database>, type: DocumentType, originName: string | undefined) {
  let query = documentsWithFiles(db).where('document.type', '=', type);
  if (originName) query = query.where(containsText('document.originName', originName));
  return query.orderBy('document.createTime', 'desc').orderBy('document.id', 'desc').execute();
}

export function findDocument(db: Kysely<Database>, id: number) {
  return documentsWithFiles(db).where('document.id', '=', id).executeTakeFirst();
}

export async function insertDocument(
  db: Kysely<Database>,
  values: { type: DocumentType; fileId: number; originName: string; uploaderId: number; createTime: number },
): Promise<number> {
  const row = await db.insertInto('document').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a document and its stored_file row (each upload has its own row; only the blob is shared). */
export async function deleteDocument(db: Kysely<Database>, document: { id: number; fileId: number }): Promise<void> {
  await db.deleteFrom('document').where('id', '=', document.id).execute();
  await db.deleteFrom('stored_file').where('id', '=', document.fileId).execute();
}
