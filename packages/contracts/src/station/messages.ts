/** Texts of the station API and the station app (DESIGN.md §6); ours, listed in docs/api.md. */
export const STATION_MSG = {
  terminalCodeRequired: '请输入终端编号',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  terminalUnknown: '终端未注册，请先在终端管理中添加',
  loginFailed: '用户名或密码错误',
  noAppPermission: (app: string) => `该用户没有${app}权限`,
  sessionExpired: '终端登录已失效，请重新登录',
  /** a sub-user signing in (or still signed in) at a terminal on a line it is not tied to */
  lineNotOfUser: '该用户不属于终端所在的产线',

  notAssigned: '终端未分配任务',
  taskNotRunning: (status: string) => `任务${status}，不能提交检测结果`,
  codeRequired: '请扫描生产码',
  codeUnknown: (code: string) => `生产码${code}不存在`,
  codeOfOtherTask: (code: string) => `生产码${code}不属于当前任务`,
  previousFlowFirst: (name: string) => `该设备尚未通过上一流程：${name}`,
  /** not a refusal of the server (a passed unit may be tested again): the station app asks before a retest */
  passedHere: (code: string, flow: string) => `生产码${code}已在本流程（${flow}）检测合格，无需重复检测`,
  scanRequired: (what: string) => `请扫描${what}`,
  scanTaken: (what: string, value: string) => `${what} ${value}已被本任务的其他设备使用`,
  scanMismatch: (what: string, value: string) => `该设备已绑定${what} ${value}`,
  unknownItem: '检测项不属于当前流程',
  valueInvalid: (name: string) => `${name}的值无法识别`,
  timeRule: '开始时间不能晚于结束时间',
  clientResultIdRequired: '缺少结果编号',
  /** a scanned or given code longer than its column (SN码, MAC, IMEI, 生产码, 结果编号) */
  tooLong: (what: string, max: number) => `${what}不能超过${max}个字符`,
  valueTooLong: (max: number) => `检测值不能超过${max}个字符`,
  duplicateItem: '同一检测项不能提交两次',
  timeInFuture: '检测时间不能晚于当前时间',

  pass: '合格',
  fail: '不合格',
} as const;
