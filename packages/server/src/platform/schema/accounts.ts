import type { Generated, Insertable, Selectable } from 'kysely';

/* The accounts, their roles and menus, and sign-in state. */

/** Menus (type 0) and their function buttons (type 1, a child of the menu) in one tree. */
export interface MenuTable {
  id: Generated<number>;
  menuKey: string;
  parentId: number;
  name: string;
  url: string;
  sequence: number;
  level: number;
  type: number;
  funCode: string | null;
}

export interface RoleTable {
  id: Generated<number>;
  roleName: string;
  /** the account whose sub-users may be given this role */
  ownerId: number;
  status: number;
  createTime: number;
}

export interface RoleMenuTable {
  roleId: number;
  /** a menu or a function-button node */
  menuId: number;
}

export interface AccountTable {
  id: Generated<number>;
  userName: string;
  passwordHash: string;
  roleId: number | null;
  /** the account owner of a sub-user; null for a platform administrator */
  parentId: number | null;
  status: number;
  platformAdmin: number;
  mustChangePassword: number;
  createTime: number;
}

export interface AccountLineTable {
  accountId: number;
  lineId: number;
}

export interface SessionTable {
  /** sha-256 of the bearer token; the token itself is never stored */
  tokenHash: string;
  accountId: number;
  createTime: number;
  lastSeenAt: number;
}

/** A one-use ticket that opens one live-event stream (migration 010). */
export interface StreamTicketTable {
  /** sha-256 of the ticket; the ticket itself is never stored */
  ticketHash: string;
  /** the session (and so the account) it was issued to */
  tokenHash: string;
  /** the stream's route path, e.g. /api/board/events */
  stream: string;
  expiresAt: number;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  expiresAt: number;
}

export interface LoginFailureTable {
  id: Generated<number>;
  userName: string;
  /** the caller's address (issue 12: a per-address limit beside the per-name one) */
  address: string | null;
  at: number;
}

export interface PlatformCodeTable {
  codeHash: string;
  expiresAt: number;
}

export type Account = Selectable<AccountTable>;

export type NewAccount = Insertable<AccountTable>;

export type Menu = Selectable<MenuTable>;
