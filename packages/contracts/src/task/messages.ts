/**
 * Texts of production-line tasks (seed 000 §5, §8). The form rules and success
 * texts are the specification's; the refusals of the server are ours (docs/api.md).
 */
export const TASK_MSG = {
  productTypeRequired: '请选择产品类型',
  productRequired: '请选择产品型号',
  // The specification's text for the production-line multi-select, kept as written.
  linesRequired: '请选择产品编码',
  countRequired: '请输入生产总量',
  countRule: '生产总量为正整数',
  countTooLarge: '生产总量不能超过100000',
  expireRequired: '请选择截止时间',
  expireTooEarly: '截止时间不能早于昨天',
  expireRule: '截止时间格式不正确',

  productNotPublished: '该产品未发布，不能建立任务',
  productProducing: '该产品已有未结束的任务，不能再建立任务',
  productTypeMismatch: '产品型号不属于所选产品类型',
  lineNotOffered: '所选产线不存在或已停用',

  flowTerminalMissing: (n: number) => `流程${n}未选择终端`,
  terminalsRequired: '请为流程选择对应终端，未选择终端，不能建立任务',
  terminalOneFlowOnly: '一个终端只能用于一个流程',
  terminalNotOffered: '所选终端不存在或不在任务的产线上',
  terminalBusy: (name: string) => `终端${name}正在执行其他任务`,
  unknownFlow: '流程不属于该任务',

  notEditable: '只有待生产或未开始的任务可以修改基本信息',
  terminalsLocked: '生产中或已结束的任务不能设置终端，请先停止',
  notStartable: '只有未开始或停止中的任务可以开始',
  needsTerminals: '请先为任务的每个流程设置终端',
  notStoppable: '只有生产中的任务可以停止',
  notFinishable: '只有生产中或停止中的任务可以结束',
  notDeletable: '只有待生产或未开始的任务可以删除',

  created: '新建任务成功',
  edited: '编辑成功',
  terminalsSet: '终端设置成功',
  started: '该任务已开始',
  stopped: '该任务已停止',
  finished: '该任务已结束',
  deleted: '该任务已删除',

  confirmStart: '确定开始该任务吗？',
  confirmStop: '确定停止该任务吗？',
  confirmFinish: '结束后任务不能再开始，终端将被释放，确定结束该任务吗？',
  confirmDelete: '删除后不可恢复，确定删除该任务吗？',
  confirmPrint: '将在新窗口中打开该任务的全部二维码并打印，是否继续？',
} as const;
