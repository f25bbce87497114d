import { ACCESSORY_LIMITS, ACCESSORY_MSG, fileKeyOf, IMAGE_TYPES } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { badRequest, HttpError } from './errors.js';
import type { Database } from './schema.js';

/** What the catalogue checks of an image: png or jpg (by content: the store typed it), under 500 KB. */
export interface ImageRule {
  /** the screen's text for a file too large (配件: 图片小于500KB, 通信模块: 图片不能大于500KB) */
  tooLarge: string;
}

/** Whether a stored file is an image the catalogue takes; the refusal (400 type, 413 size) otherwise. */
export function checkImage(file: { contentType: string; size: number }, rule: ImageRule): HttpError | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.contentType)) return badRequest(ACCESSORY_MSG.imageType);
  if (file.size >= ACCESSORY_LIMITS.imageMaxBytes) return new HttpError(413, rule.tooLarge);
  return null;
}

/**
 * The stored_file id a file URL of the form names (`/api/file/<key>`, uploaded
 * first through /api/file/upload), null for none; an unknown key is refused (400
 * 文件不存在，请重新上传), an image that is not png/jpg under 500 KB too.
 */
export async function resolveFileUrl(
  db: Kysely<Database>,
  url: string | null,
  image?: ImageRule,
): Promise<number | null> {
  if (!url) return null;
  const file = await db
    .selectFrom('stored_file')
    .select(['id', 'contentType', 'size'])
    .where('fileKey', '=', fileKeyOf(url))
    .executeTakeFirst();
  if (!file) throw badRequest(ACCESSORY_MSG.fileUnknown);
  if (image) {
    const refusal = checkImage(file, image);
    if (refusal) throw refusal;
  }
  return file.id;
}
