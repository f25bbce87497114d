import { SESSION_ENDPOINTS } from '@factory/contracts';
import { apiCall } from '../../../lib/api-client';

/**
 * Quiet: the console signs out locally whatever the server answers (seed 000: its
 * failure is ignored), so no notice or redirect of its own.
 */
export const logout = () => apiCall(SESSION_ENDPOINTS.logout, undefined, { quiet: true });
