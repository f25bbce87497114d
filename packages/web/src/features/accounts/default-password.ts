/**
 * The reset confirmation states the password a reset user gets (seed 000 §6): the
 * server's DEFAULT_USER_PASSWORD, read from USER_ENDPOINTS.userDefaultPassword.
 */
export function resetPasswordConfirm(defaultPassword: string): string {
  return `确定将该用户的密码重置为 ${defaultPassword} 吗？重置后该用户下次登录需修改密码`;
}
