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
} as const;
