/** API paths shared by the server's route list, the console and the tests (DESIGN.md §3). */
export const API_ROOT = '/api';

export const PATHS = {
  captcha: '/api/user/code',
  login: '/api/user/login',
  platformLogin: '/api/platform/login',
  logout: '/api/user/logout',
  editPassword: '/api/user/editPassword',
  menuTree: '/api/menu/getMenuTree',
  health: '/api/health',
  docs: '/api/docs',
} as const;
