// generic (DESIGN.md §3, seed 000 §8)
export const GENERIC_MESSAGES = {
  serverError: '服务器异常，请稍后重试',
  sessionExpired: '已超时，请重新登录',
  noPermission: '没有权限执行该操作',
  apiNotFound: '接口不存在',
  recordNotFound: '数据不存在',
  invalidInput: '请求参数不正确',
  payloadTooLarge: '上传文件过大',
  /** a path parameter longer than the router takes (414) */
  urlTooLong: '请求地址过长',
  /** the health check when the database does not answer (503): a load balancer takes the process out */
  databaseUnavailable: '数据库暂不可用',
} as const;

// status changes
export const INPUT_MESSAGES = {
  statusRule: '状态只能是0或1',
  idRequired: '缺少数据编号',
  /** a NUL byte anywhere in the input (no column can hold one) */
  nulCharacter: '输入内容不能包含空字符',
  numberRule: '请输入正确的数字',
} as const;
