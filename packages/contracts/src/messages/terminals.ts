// terminals (seed 000 §5, §8)
export const TERMINAL_MESSAGES = {
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
} as const;
