import { endpoint } from '../endpoint.js';
import { MENUS } from '../menu-tree.js';
import { need } from '../permissions.js';
import { exportCodesQuery, qrCodeUrls, qrCodeUrlsQuery } from './production-code.js';

const tag = '生产编码';
const MENU = MENUS.productionCenter;

/**
 * 生产编码: export and QR urls (issue 5). The QR image itself (PATHS.productionCodeQr,
 * `<code>.png`, public) is a stored-file address rather than a call.
 */
export const PRODUCTION_CODE_ENDPOINTS = {
  /**
   * The task's codes in label order as xlsx or csv (UTF-8 with BOM), an attachment
   * named `<fileName>.<format>`; refusals are the JSON envelope. Answers raw.
   */
  taskExportCodes: endpoint({
    method: 'GET',
    path: '/api/task/exportDeviceId',
    tag,
    summary: '导出生产编码',
    permission: need(MENU, 'exportProCode'),
    query: exportCodesQuery,
  }),
  /** The task's codes in label order, a page at a time (`afterSequence` cursor); the console makes each image's address (`qrImagePath`) */
  taskQrCodeUrls: endpoint({
    method: 'GET',
    path: '/api/task/exportQrCodeUrls',
    tag,
    summary: '生产编码的二维码地址',
    permission: need(MENU, 'exportProCode'),
    query: qrCodeUrlsQuery,
    response: qrCodeUrls,
  }),
} as const;
