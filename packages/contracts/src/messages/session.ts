// sign-in (seed 000 §5, §8)
export const SIGN_IN_MESSAGES = {
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
} as const;

// password (seed 000 §5)
export const PASSWORD_MESSAGES = {
  passwordRequired: '请输入新密码',
  passwordRule: '密码必须包含数字、大小写字母,位数不得低于8位',
  passwordTooShort: '密码位数不得低于8位',
  passwordTooLong: '密码位数不得超过14位',
  passwordConfirmRequired: '请再次输入密码',
  passwordMismatch: '两次密码不一致',
  passwordChanged: '密码修改成功，请重新登录',
  passwordMustChange: '首次登录请修改初始密码',
} as const;

// shell (seed 000 §2, §8)
export const SHELL_MESSAGES = {
  logoutConfirm: '此操作将退出登录, 是否继续?',
  loggedOut: '您已退出，请重新登录',
  pageNotFound: '找不到页面了:(',
  mustChangePasswordFirst: '请先修改初始密码',
} as const;
