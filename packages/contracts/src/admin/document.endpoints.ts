import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { MENUS } from '../menu-tree.js';
import { needAnyOf } from '../permissions.js';
import { idBody } from './common.js';
import { DOCUMENT_MENU, documentItem, documentListQuery, documentUploadQuery } from './document.js';

/**
 * Any document viewer: the coarse need of every document call, checked by the guard;
 * the server narrows it to the viewer (and button) of the document's type.
 */
const ANY_DOCUMENT_MENU = needAnyOf(...Object.values(DOCUMENT_MENU));

/**
 * Who may upload a file: a user who may save a form that attaches files, on the screens
 * that have such forms (the product center, seed 002's parts and communication modules;
 * see docs/decisions.md). The server checks their buttons next.
 */
const UPLOAD_MENUS = needAnyOf(MENUS.productCenter, MENUS.parts, MENUS.communication);

/** The document viewers (seed 000 §7): user, development and service documents. */
export const DOCUMENT_ENDPOINTS = {
  documentList: endpoint({
    method: 'GET',
    path: '/api/document/list',
    tag: '文档',
    summary: '文档列表',
    permission: ANY_DOCUMENT_MENU,
    query: documentListQuery,
    response: z.array(documentItem),
  }),
  /** multipart/form-data: one file in the field `file`, at most 20 MB */
  documentUpload: endpoint({
    method: 'POST',
    path: '/api/document/upload',
    tag: '文档',
    summary: '上传文档',
    permission: ANY_DOCUMENT_MENU,
    query: documentUploadQuery,
    encoding: 'multipart',
    response: documentItem,
  }),
  documentDelete: endpoint({
    method: 'POST',
    path: '/api/document/delete',
    tag: '文档',
    summary: '删除文档',
    permission: ANY_DOCUMENT_MENU,
    body: idBody,
    response: z.null(),
  }),
} as const;

/**
 * Stored files: uploads of the forms that attach files. A stored file is read at
 * `${PATHS.file}/<key>` (a path parameter, public by its capability key), which is
 * not a call of its own.
 */
export const FILE_ENDPOINTS = {
  /** multipart/form-data: one or more files in the field `files`, at most 20 MB each; answers their URLs */
  fileUpload: endpoint({
    method: 'POST',
    path: '/api/file/upload',
    tag: '文件',
    summary: '上传文件',
    permission: UPLOAD_MENUS,
    encoding: 'multipart',
    response: z.array(z.string()),
  }),
} as const;
