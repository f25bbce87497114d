import { MENUS, type MenuUrl } from '../menu-tree.js';
import { z } from 'zod';
import { MSG } from '../messages.js';
import { text, timeText } from './common.js';

export const DOCUMENT_TYPES = ['USER_DOC', 'TECH_DOC', 'SERVER_DOC'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The viewer page (and so the menu whose buttons govern upload and delete) of each type. */
export const DOCUMENT_MENU = {
  USER_DOC: MENUS.userDoc,
  TECH_DOC: MENUS.devDoc,
  SERVER_DOC: MENUS.serveDoc,
} as const satisfies Record<DocumentType, MenuUrl>;

/** What a type is called on screen (its viewer's menu name) and in the operation log's summaries. */
export const DOCUMENT_TYPE_NAMES: Record<DocumentType, string> = {
  USER_DOC: '用户文档',
  TECH_DOC: '开发文档',
  SERVER_DOC: '服务文档',
};

/** 20 MB per uploaded file. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * What one account may store per clock hour, over every upload route (MSG.uploadQuotaExceeded
 * names it): 25 files at the 20 MB limit, far past what a product or document editor needs,
 * while a stolen or careless session can not fill the disk (issue 12, finding 9).
 */
export const UPLOAD_QUOTA_BYTES_PER_HOUR = 500 * 1024 * 1024;

export const documentType = z.enum(DOCUMENT_TYPES, { error: MSG.documentTypeRule });

/** GET /api/document/list?type&originName */
export const documentListQuery = z.object({
  type: documentType,
  /** sent as typed (seed 000 §5); matched as "contains" */
  originName: text(255).optional(),
});

/** POST /api/document/upload?type= (multipart, field `file`) */
export const documentUploadQuery = z.object({ type: documentType });

export const documentItem = z.object({
  id: z.number().int(),
  type: documentType,
  originName: z.string(),
  downloadUrl: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createTime: timeText,
  uploaderName: z.string().nullable(),
});
export type DocumentItem = z.infer<typeof documentItem>;
