import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { PUBLIC } from './permissions.js';

/** What a server process says of itself to a load balancer or a monitor (docs/operations.md). */
export const healthStatus = z.object({
  /** the database answered a query just now */
  database: z.literal('ok'),
  /** sqlite or postgres */
  dialect: z.enum(['sqlite', 'postgres']),
  /** seconds since this process started */
  uptimeSeconds: z.number().int().nonnegative(),
});
export type HealthStatus = z.infer<typeof healthStatus>;

/**
 * The health check (DESIGN.md §10): public, since a load balancer signs in as nobody, and
 * it tells nothing a caller could use. 200 while the process and its database answer; 503
 * with the envelope when the database does not, so the balancer sends requests elsewhere.
 */
export const HEALTH_ENDPOINTS = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: '运维',
    summary: '健康检查：本进程与数据库',
    permission: PUBLIC,
    response: healthStatus,
  }),
} as const;
