import type { Generated } from 'kysely';

/* The operation log. */

export interface OperationLogTable {
  id: Generated<number>;
  accountId: number | null;
  userName: string;
  module: string;
  action: string;
  method: string;
  route: string;
  targetId: string | null;
  summary: string;
  statusCode: number;
  ip: string | null;
  createTime: number;
}
