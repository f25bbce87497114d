import { ENDPOINTS, pathsOf } from './endpoints.js';
import { PRODUCTION_CODE_QR_PATH } from './task/production-code.js';

/** API paths shared by the server's route list, the console and the tests (DESIGN.md §3). */
export const API_ROOT = '/api';

/**
 * Paths by name: those of the endpoints (endpoints.ts) and the few that are not
 * calls of their own (the docs, the stored-file prefix). Calls not yet moved to an
 * endpoint group keep their literal here until they are (issue 14).
 */
export const PATHS = {
  ...pathsOf(ENDPOINTS),
  health: '/api/health',
  docs: '/api/docs',

  /** GET `${file}/<key>` serves a stored file */
  file: '/api/file',

  /** GET `${productionCodeQr}/<code>.png`: the QR label image of a production code (public, like files) */
  productionCodeQr: PRODUCTION_CODE_QR_PATH,
} as const;
