/**
 * Every user-facing text that both the server and the console show, written once.
 * The specifications fix most of them; the rest (server-side refusals the
 * specifications leave open) are ours and listed in docs/api.md.
 */
export const MSG = {
  // generic (DESIGN.md §3, seed 000 §8)
  serverError: '服务器异常，请稍后重试',
  sessionExpired: '已超时，请重新登录',
  noPermission: '没有权限执行该操作',
  apiNotFound: '接口不存在',
  recordNotFound: '数据不存在',
  invalidInput: '请求参数不正确',
  payloadTooLarge: '上传文件过大',

  // sign-in (seed 000 §5, §8)
  loginRequired: '用户名、密码不能为空',
  loginSuccess: '登录成功',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  badCredentials: '用户名或密码错误',
  accountStopped: '该用户已停用，请联系管理员',
  tooManyAttempts: '登录失败次数过多，请15分钟后再试',
  platformLoginDisabled: '平台登录未开放',
  platformCodeInvalid: '登录码无效',
  platformCodeExpired: '登录码已过期',
  platformCodeUsed: '登录码已使用',
  platformEntering: '正在进入平台',

  // password (seed 000 §5)
  passwordRequired: '请输入新密码',
  passwordRule: '密码必须包含数字、大小写字母,位数不得低于8位',
  passwordTooShort: '密码位数不得低于8位',
  passwordTooLong: '密码位数不得超过14位',
  passwordConfirmRequired: '请再次输入密码',
  passwordMismatch: '两次密码不一致',
  passwordChanged: '密码修改成功，请重新登录',
  passwordMustChange: '首次登录请修改初始密码',

  // shell (seed 000 §2, §8)
  logoutConfirm: '此操作将退出登录, 是否继续?',
  loggedOut: '您已退出，请重新登录',
  pageNotFound: '找不到页面了:(',
  mustChangePasswordFirst: '请先修改初始密码',

  // production lines (seed 000 §5, §8)
  lineNameRequired: '请输入产线名称',
  lineNameRule: '产线名称由2-12位中英文字符和下划线字符组成',
  lineNumRequired: '请输入产线编号',
  lineNumRule: '产线编号由2-12位英文字符和下划线字符组成',
  lineNumTaken: '该产线编号已存在',
  factoryRequired: '请选择工厂',
  lineAdded: '新增产线成功',
  lineEdited: '编辑产线成功',
  lineEnabled: '该产线已启用',
  lineDisabled: '该产线已停用',
  lineDeleted: '该产线已删除',
  lineEnabledCannotDelete: '启用中的产线不能删除，请先停用',
  lineInUse: '该产线正在被任务使用，不能删除',
  lineHasTerminals: '该产线上还有终端，请先解绑',
  lineDisabledCannotBind: '该产线已停用，不能绑定终端',
  lineEnabledCannotEdit: '启用中的产线不能编辑，请先停用',
  /** a status change to the state the line is already in (409) */
  lineAlreadyEnabled: '该产线已是启用状态',
  lineAlreadyDisabled: '该产线已是停用状态',

  // terminals (seed 000 §5, §8)
  terminalNameRequired: '请输入终端名称',
  terminalNameTooLong: '终端名称不能超过16位',
  terminalNameRule: '不能输入特殊字符',
  terminalCodeRequired: '请输入终端编号',
  terminalCodeRule: '终端编号由1-32位英文字符、数字、下划线或中划线组成',
  terminalCodeTaken: '该终端编号已存在',
  terminalTypeRequired: '请选择终端类型',
  terminalCategoryRequired: '请选择终端型号',
  terminalAdded: '新增终端成功',
  terminalEdited: '编辑成功',
  terminalUnbound: '该终端已解绑',
  terminalBusyLine: '终端正在执行任务，不能更换产线',
  terminalAlreadyUnused: '该终端未被使用，无需解绑',
  pdaHasNoLine: '手持机不绑定产线',

  // users (seed 000 §5, §8)
  userNameRequired: '请输入用户名',
  userNameRule: '用户名由2-32位英文字符和下划线字符组成',
  userNameTaken: '该用户名已存在',
  roleRequired: '请选择角色',
  roleNotOffered: '该角色不可分配',
  lineNotOffered: '所选产线不存在或不可分配',
  userAdded: '新增用户成功',
  userEdited: '编辑用户成功',
  userPasswordReset: '该用户密码已重置',
  userEnabled: '该用户已启用',
  userDisabled: '该用户已停用',
  userDeleted: '该用户已删除',
  userEnabledCannotDelete: '启用中的用户不能删除，请先停用',
  userHasChildren: '该用户下还有子用户，不能删除',
  cannotChangeSelf: '不能停用或删除当前登录的用户',
  userEnabledCannotEdit: '启用中的用户不能编辑，请先停用',
  userAlreadyEnabled: '该用户已是启用状态',
  userAlreadyDisabled: '该用户已是停用状态',
  userNameTooLong: '用户名加上级账号名不能超过64位',
  userParentFixed: '不能更改用户的上级账号',

  // roles (seed 000 §5, §8)
  roleNameRequired: '请输入角色名',
  roleNameRule: '角色名由2-12位中英文字符和下划线字符组成',
  roleNameTaken: '该角色名已存在',
  rolePermissionRequired: '请选择角色权限',
  rolePermissionNotOffered: '所选权限不存在或不可分配',
  roleAdded: '新增角色成功',
  roleEdited: '编辑角色成功',
  roleCopied: '该角色已复制',
  roleEnabled: '该角色已启用',
  roleDisabled: '该角色已停用',
  roleDeleted: '该角色已删除',
  roleEnabledCannotDelete: '启用中的角色不能删除，请先停用',
  roleInUse: '该角色正在被用户使用，不能删除',
  roleEnabledCannotEdit: '启用中的角色不能编辑，请先停用',
  roleAlreadyEnabled: '该角色已是启用状态',
  roleAlreadyDisabled: '该角色已是停用状态',
  roleOwnerFixed: '不能更改角色的所属账号',

  // status changes
  statusRule: '状态只能是0或1',
  idRequired: '缺少数据编号',

  // documents and files
  documentTypeRule: '文档类型不正确',
  fileRequired: '请选择要上传的文件',
  fileTooLarge: '文件大小不能超过20MB',
  documentUploaded: '上传成功',
  documentDeleted: '该文档已删除',
  noDocuments: '暂无文档',
} as const;
