// flows (seed 001 §5, §8)
export const FLOW_FORM_MESSAGES = {
  flowNameRequired: '请输入流程名称',
  flowNameRule: '流程名称由2-12位中英文字符和下划线字符组成',
  flowPdfTooLarge: '文件不能大于8M',
  flowPdfOnlyOne: '已有指导书，请先删除现有指导书',
  flowPdfType: '指导书只能是PDF文件',
  flowAdded: '新增流程成功',
  flowEdited: '编辑流程成功',
  flowDeleted: '该流程已删除',
  flowDeleteConfirm: '是否删除该流程?',
  flowSorted: '流程排序成功',
  flowSamePosition: '该流程还处于当前顺序',
  flowPropertyUnknown: '检测项不是该产品的属性',
  flowPositionStale: '流程顺序已变化，请刷新后重试',
} as const;

/** Messages that name the check item or the manual row (seed 001 §5, flow form). */
export const FLOW_MSG = {
  itemEmpty: (name: string) => `${name}不能为空`,
  itemChoose: (name: string) => `请选择${name}`,
  itemAtLeastOne: (name: string) => `${name}至少选择一项`,
  itemNotNumber: (name: string) => `${name}不是正确的数值`,
  itemOutOfRange: (name: string, min: number | string, max: number | string) => `${name}的数值不在指定区间(${min}~${max})内`,
  itemRangeOrder: (name: string) => `${name}的设置区间最小值应小于最大值`,
  itemTooLong: (name: string, length: number) => `${name}不能超过${length}个字符`,
  itemNotInEnum: (name: string) => `${name}的取值不在枚举范围内`,
  manualEmpty: (n: number) => `第${n}个手动检查项为空`,
  manualTooShort: (n: number) => `第${n}个手动检查项小于2个字符`,
  manualTooLong: (n: number) => `第${n}个手动检查项不能超过12个字符`,
} as const;
