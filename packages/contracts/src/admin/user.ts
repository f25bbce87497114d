import { z } from 'zod';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';
import { idField, optionalId, optionalStatusFilter, optionalText, positiveId, requiredText, timeText } from './common.js';

export const USER_LIMITS = { nameMin: 2, nameMax: 32 } as const;

/** The name part the form asks for; the stored userName is `name@parentName`. */
export const userNameField = requiredText(MSG.userNameRequired).regex(/^[A-Za-z0-9_]{2,32}$/, MSG.userNameRule);

const facLineVo = z.object({
  factoryId: positiveId(),
  lineId: z.array(positiveId()).max(1000).default([]),
});

/** POST /api/user/create */
export const userCreateBody = z.object({
  /** the account the user is created under; defaults to the signed-in user */
  parentId: optionalId,
  userName: userNameField,
  roleId: positiveId(MSG.roleRequired),
  facLineVos: z.array(facLineVo).default([]),
});
/** POST /api/user/edit */
export const userEditBody = userCreateBody.extend({ id: idField });

/** GET /api/user/getList */
export const userListQuery = pageQuery.extend({
  userName: optionalText,
  parentId: optionalId,
  status: optionalStatusFilter,
});

export const userRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  createTime: timeText,
  status: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  mustChangePassword: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;

/** GET /api/user/detail?id */
export const userDetail = z.object({
  userDetail: userRow.extend({
    /** the name part without the `@parentName` suffix, for the edit form */
    shortName: z.string(),
  }),
  factorys: z.array(z.object({ factoryId: z.number().int(), factoryName: z.string(), lineId: z.array(z.number().int()) })),
});
export type UserDetail = z.infer<typeof userDetail>;

/** GET /api/user/lineTree: factories with their enabled lines, for the user form's tree. */
export const lineTree = z.array(
  z.object({
    factoryId: z.number().int(),
    factoryName: z.string(),
    lineList: z.array(z.object({ id: z.number().int(), lineName: z.string(), lineNum: z.string() })),
  }),
);
export type LineTree = z.infer<typeof lineTree>;

/** The separator between a user's own name and its parent account's name. */
export const USER_NAME_SEPARATOR = '@';
