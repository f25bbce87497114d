/**
 * Texts of submission, sampling inspection and the inspection report (seed 002 §5
 * "Sampling configuration", §8). Where the specification gives a rule without words
 * (a refused binding, a unit outside the batch), the text is ours, in its voice, and
 * listed in docs/dtu-submission.md.
 */
export const DTU_SUBMISSION_MSG = {
  // the sampling configuration (seed 002 §5)
  lineRequired: '请选择抽检产线',
  padsRequired: '请选择终端',
  quantityRule: '输入正确的抽检数量',
  // seed 002 §4: the tooltip, and the 409 of a binding
  firmwareChanged: '升级固件后不支持抽检',
  lineUnknown: '抽检产线不存在',
  padNotOnLine: '所选终端不在该抽检产线上',
  padBusy: (name: string) => `终端${name}正在执行其他任务`,
  noCheckPads: '该抽检任务没有绑定终端',
  taskDeleted: '任务已删除',

  // submission
  submitNothing: '没有可提交的设备（已检测且未提交）',
  submitRefused: '已结束的任务不能提交',
  submittedNoRetest: (code: string) => `该设备（${code}）已提交，不能重新检测`,

  // the sampling station (PAD APP → 配件检测, a sampling terminal)
  batchRequired: '请选择抽检批次',
  batchUnknown: '抽检批次不存在',
  notInBatch: (code: string) => `该设备（${code}）不在此抽检批次中`,
  batchJudged: '该批次已判定，不能继续抽检',
  sampledAlready: (code: string) => `该设备（${code}）已在此批次抽检`,
  notSampled: '该设备未在此批次抽检，请先扫描设备',
  otherResultUnknown: '检测项不属于该DTU的其他检测属性',
  actValueRule: '实测值不能超过64个字符',
  sampleResultsRequired: '请填写其他检测项的结果',
  samplingOnly: '该终端不是抽检终端',

  // success and confirmations (seed 002 §8)
  bound: '抽检任务配置成功',
  unbound: '该抽检任务的所有终端已解绑',
  unbindConfirm: '是否确认解除绑定所有终端？',
  exportBatchConfirm: '是否导出该批次的设备列表?',
  sampleDeleted: '该抽检记录已删除',
  sampleDeleteConfirm: '是否确认删除该设备的抽检记录?',
} as const;
