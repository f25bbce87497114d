import type { Generated } from 'kysely';

/* Factories, their production lines and the terminals on them. */

export interface FactoryTable {
  id: Generated<number>;
  factoryName: string;
  /** the account (platform administrator or account owner) the factory belongs to */
  ownerId: number | null;
  createTime: number;
}

export interface ProductionLineTable {
  id: Generated<number>;
  factoryId: number;
  lineName: string;
  lineNum: string;
  /** 0 停用, 1 启用 */
  status: number;
  createTime: number;
}

export interface TerminalCategoryTable {
  id: Generated<number>;
  name: string;
  terminalType: string;
  screenInch: string | null;
  sequence: number;
}

export interface TerminalTable {
  id: Generated<number>;
  terminalCode: string;
  terminalName: string;
  /** PAD or PDA */
  terminalType: string;
  categoryId: number | null;
  lineId: number | null;
  /** TERMINAL_STATUS: 0 unused, 1 used (PDA), 2 overall check, 3 parts check, 4 idle */
  status: number;
  taskId: number | null;
  flowId: number | null;
  /** how a parts-check terminal serves its DTU task: PAD, SERIAL or CHECK (migration 017) */
  partsRole: string | null;
  workerId: number | null;
  ownerId: number;
  createTime: number;
}
