import { PATHS } from '@factory/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/user/logout. Quiet: the console signs out locally whatever the server
 * answers (seed 000: its failure is ignored), so no notice or redirect of its own.
 */
export function logout(): Promise<unknown> {
  return apiPost<unknown>(PATHS.logout, {}, { quiet: true });
}
