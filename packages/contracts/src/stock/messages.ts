/**
 * Texts of finished-goods stock and spot checks (seed 002 §2, DESIGN.md §9.1). The
 * specification names none of the refusals; these are ours, in its voice, listed in
 * docs/api.md. Each refusal of a scan names the unit, so a handheld operator with a
 * pile of units knows which one to set aside.
 */
export const STOCK_MSG = {
  codeRequired: '请扫描设备条码',
  codeTooLong: (max: number) => `设备条码不能超过${max}个字符`,
  batchNoRequired: '请选择批次',
  clientIdTooLong: (max: number) => `请求编号不能超过${max}个字符`,
  defectTooLong: (max: number) => `不合格说明不能超过${max}个字符`,
  defectRequired: '请填写不合格说明',
  passRequired: '请选择合格或不合格',
  dateRule: '日期格式应为 YYYY-MM-DD',
  dateInFuture: '日期不能晚于今天',

  /** 不存在 */
  unitUnknown: (code: string) => `设备 ${code} 不存在`,
  /** 未通过检测 */
  unitNotPassed: (code: string) => `设备 ${code} 未通过检测，不能入库`,
  /** 已入库 */
  unitStocked: (code: string, batchNo: string) => `设备 ${code} 已入库（批次 ${batchNo}）`,
  unitShipped: (code: string) => `设备 ${code} 已出库`,
  unitNotStocked: (code: string) => `设备 ${code} 未入库`,
  unitBatchOpen: (code: string, batchNo: string) => `设备 ${code} 所在批次 ${batchNo} 尚未结束入库，不能出库`,
  unitBatchPending: (code: string, batchNo: string) => `设备 ${code} 所在批次 ${batchNo} 尚未抽检合格，不能出库`,
  unitBatchRejected: (code: string, batchNo: string) => `设备 ${code} 所在批次 ${batchNo} 抽检不合格，不能出库`,
  unitNotInBatch: (code: string, batchNo: string) => `设备 ${code} 不属于批次 ${batchNo}`,
  terminalWithoutLine: '终端未绑定产线，不能入库',
  noStockMode: (mode: string) => `该用户没有PDA ${mode}权限`,
  notPda: '仅PDA终端可以入库、抽检和出库',
  clientIdReused: '请求编号已用于其他操作',

  batchUnknown: (batchNo: string) => `批次 ${batchNo} 不存在`,
  batchMissing: '批次不存在',
  batchNotOpen: (batchNo: string) => `批次 ${batchNo} 已结束入库`,
  batchEmpty: (batchNo: string) => `批次 ${batchNo} 还没有设备，不能结束入库`,
  batchStillOpen: (batchNo: string) => `批次 ${batchNo} 尚未结束入库，不能抽检`,
  batchDecided: (batchNo: string, verdict: string) => `批次 ${batchNo} 已判定为${verdict}，无需继续抽检`,
  recordMissing: '设备记录不存在',
} as const;
