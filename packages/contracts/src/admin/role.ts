import { z } from 'zod';
import { pageQuery } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { MSG } from '../messages.js';
import { idField, NAME_PATTERN, optionalId, optionalStatusFilter, optionalText, positiveId, requiredText, timeText } from './common.js';

export const ROLE_LIMITS = { nameMax: 12 } as const;

/**
 * Entries the role editor's permission tree leaves out (seed 000 §2): line
 * management and line assignment stay with the platform administrator.
 */
export const ROLE_TREE_EXCLUDED_URLS: readonly string[] = [MENUS.productionLine];
export const ROLE_TREE_EXCLUDED_NAMES: readonly string[] = ['分配产线', '产线管理'];

export const roleNameField = requiredText(MSG.roleNameRequired).regex(NAME_PATTERN, MSG.roleNameRule);

const roleMenuFunction = z.object({
  menuId: positiveId(),
  /** ids of the function-button nodes granted on that menu */
  funIdList: z.array(positiveId()).max(1000).default([]),
});

/** POST /api/role/create */
export const roleCreateBody = z.object({
  /** the account that owns the role; defaults to the signed-in user */
  puserId: optionalId,
  roleName: roleNameField,
  roleMenuFunctionVOS: z.array(roleMenuFunction, { error: MSG.rolePermissionRequired }).min(1, MSG.rolePermissionRequired),
});
/** POST /api/role/edit */
export const roleEditBody = roleCreateBody.extend({ id: idField });

/** GET /api/role/getList */
export const roleListQuery = pageQuery.extend({
  roleName: optionalText,
  puserId: optionalId,
  status: optionalStatusFilter,
});

export const roleRow = z.object({
  id: z.number().int(),
  roleName: z.string(),
  createTime: timeText,
  status: z.number().int(),
  ownerId: z.number().int(),
  userCount: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRow>;

/** GET /api/role/detail?id */
export const roleDetail = z.object({
  id: z.number().int(),
  roleName: z.string(),
  status: z.number().int(),
  roleMenuFunctionVOS: z.array(z.object({ menuId: z.number().int(), funList: z.array(z.number().int()) })),
});
export type RoleDetail = z.infer<typeof roleDetail>;

/** GET /api/role/all?id: the enabled roles of an account, offered in the user form. */
export const roleAllQuery = z.object({ id: optionalId });
export const roleOption = z.object({ id: z.number().int(), roleName: z.string() });
