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

  factoryList: '/api/factory/list',
  productionLineOptions: '/api/productionLine/getList',
  lineList: '/api/line/list',
  lineAdd: '/api/line/add',
  lineEdit: '/api/line/edit',
  lineChangeStatus: '/api/line/changeStatus',
  lineDelete: '/api/line/delete',

  terminalCategory: '/api/terminal/category',
  terminalList: '/api/terminal/list',
  terminalUnbind: '/api/terminal/unbindPad',
  terminalEdit: '/api/terminal/editPad',
  terminalAdd: '/api/terminal/add',

  userLineTree: '/api/user/lineTree',
  userList: '/api/user/getList',
  userDetail: '/api/user/detail',
  userResetPassword: '/api/user/resetPassword',
  /** GET: the password new and reset users get (DEFAULT_USER_PASSWORD), for the reset confirmation */
  userDefaultPassword: '/api/user/defaultPassword',
  userChangeStatus: '/api/user/changeStatus',
  userDelete: '/api/user/delete',
  userCreate: '/api/user/create',
  userEdit: '/api/user/edit',

  roleAll: '/api/role/all',
  roleList: '/api/role/getList',
  roleDetail: '/api/role/detail',
  roleCopy: '/api/role/copy',
  roleChangeStatus: '/api/role/changeStatus',
  roleDelete: '/api/role/delete',
  roleCreate: '/api/role/create',
  roleEdit: '/api/role/edit',

  documentList: '/api/document/list',
  documentUpload: '/api/document/upload',
  documentDelete: '/api/document/delete',
  fileUpload: '/api/file/upload',
  /** GET `${file}/<key>` serves a stored file */
  file: '/api/file',

  operationLogList: '/api/operationLog/list',
  operationLogModules: '/api/operationLog/modules',
} as const;
