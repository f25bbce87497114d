// firmware (seed 001 §5, §8)
export const FIRMWARE_MESSAGES = {
  firmwareVersionRequired: '请输入固件版本号',
  firmwareDescriptionRequired: '请输入固件描述',
  firmwareFileRequired: '固件文件不能为空',
  firmwareFileOnlyOne: '已有固件，请先删除现有固件',
  firmwareFileEditFailed: '文件修改失败',
  firmwareTypeRule: '固件类型只能是TEST或BUSINESS',
  firmwareAdded: '新增固件成功',
  firmwareEdited: '编辑固件成功',
  firmwareUsed: '该固件已开启',
  firmwareStopped: '该固件已停止',
  firmwareDeleted: '该固件已删除',
  firmwareInUse: '使用中的固件不能修改或删除，请先停止',
  firmwareAlreadyUsed: '该固件已是使用中',
  firmwareAlreadyStopped: '该固件已是停用状态',
  firmwareFileTooLarge: '固件文件不能超过64MB',
} as const;
