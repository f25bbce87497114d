import { z } from 'zod';
import { MSG } from './messages.js';

/** Max lengths of the sign-in form (seed 000 §2, §9). */
// A stored user name is `name@parentName`, so the sign-in field takes up to 64 characters.
export const LOGIN_LIMITS = { usernameMax: 64, passwordMax: 14, passwordMin: 8 } as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST /api/user/login (the console sends it form-encoded). */
// The lengths are the columns' (the user name of a failed attempt is stored) and a
// password no user could have set (hashing megabytes would be a denial of service).
export const loginBody = z.object({
  username: required(MSG.loginRequired).max(LOGIN_LIMITS.usernameMax, MSG.badCredentials),
  password: z.string({ error: MSG.loginRequired }).min(1, MSG.loginRequired).max(128, MSG.badCredentials),
  code: z.string().trim().max(16, MSG.captchaWrong).optional().default(''),
  codeId: z.string().trim().max(64, MSG.captchaWrong).optional().default(''),
});

/**
 * The new-password rule of seed 000 §5, in the order the form checks it, so the
 * first failing rule's message is the one both the form and the server show.
 */
export const newPassword = z
  .string({ error: MSG.passwordRequired })
  .trim()
  .min(1, MSG.passwordRequired)
  .min(LOGIN_LIMITS.passwordMin, MSG.passwordTooShort)
  .max(LOGIN_LIMITS.passwordMax, MSG.passwordTooLong)
  .regex(/\d/, MSG.passwordRule)
  .regex(/[a-z]/, MSG.passwordRule)
  .regex(/[A-Z]/, MSG.passwordRule);

/** POST /api/user/editPassword. The confirmation field is checked by the form only. */
export const editPasswordBody = z.object({ password: newPassword });

/** POST /api/platform/login: code = base64url(JSON{userName, exp}) + '.' + base64url(HMAC-SHA256). */
export const platformLoginBody = z.object({
  code: required(MSG.platformCodeInvalid).max(1024, MSG.platformCodeInvalid),
});

/** GET /api/user/code?id= */
export const captchaQuery = z.object({
  id: required(MSG.captchaRequired).max(64),
});

/** A menu of the signed-in user's tree (seed 000 §3: login result and menu item). */
export const sessionMenu = z.object({
  id: z.number().int(),
  pId: z.number().int(),
  name: z.string(),
  url: z.string(),
  sequence: z.number().int(),
  level: z.number().int(),
  /** funCodes the user holds on this menu */
  funcBotton: z.array(z.string()),
  // the same facts under the names of seed 000's "menu item"
  menuName: z.string(),
  menuUrl: z.string(),
  parentId: z.number().int(),
  funList: z.array(z.object({ menuId: z.number().int(), funCode: z.string() })),
});
export type SessionMenu = z.infer<typeof sessionMenu>;

export const loginResult = z.object({
  token: z.string(),
  id: z.number().int(),
  userName: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** true for a platform administrator: every menu and button */
  platformAdmin: z.boolean(),
  /** the password is the default one; the console asks for a new one first */
  mustChangePassword: z.boolean(),
  roleDetailDTO: z.object({
    roleId: z.number().int().nullable(),
    roleName: z.string().nullable(),
    roleMenuFunctionVOS: z.array(sessionMenu),
  }),
});
export type LoginResult = z.infer<typeof loginResult>;

/** GET /api/menu/getMenuTree?withFunction=true: menus (type 0) and their buttons (type 1). */
export const menuTreeQuery = z.object({
  withFunction: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /**
   * true: the role editor's tree: without ROLE_TREE_EXCLUDED nodes and, for a user
   * other than the platform administrator, only the menus and buttons it holds
   * (it cannot grant more than it has).
   */
  forRole: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export interface MenuTreeNode {
  id: number;
  pId: number;
  name: string;
  sequence: number;
  level: number;
  type: 0 | 1;
  url: string;
  funCode: string | null;
  children: MenuTreeNode[];
}
export const menuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    pId: z.number().int(),
    name: z.string(),
    sequence: z.number().int(),
    level: z.number().int(),
    type: z.union([z.literal(0), z.literal(1)]),
    url: z.string(),
    funCode: z.string().nullable(),
    children: z.array(menuTreeNode),
  }),
);
