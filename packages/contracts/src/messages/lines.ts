// production lines (seed 000 §5, §8)
export const LINE_MESSAGES = {
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
} as const;
