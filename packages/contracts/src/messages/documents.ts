// documents and files
export const DOCUMENT_MESSAGES = {
  documentTypeRule: '文档类型不正确',
  fileRequired: '请选择要上传的文件',
  fileTooLarge: '文件大小不能超过20MB',
  documentUploaded: '上传成功',
  documentDeleted: '该文档已删除',
  noDocuments: '暂无文档',
  /** the bytes are not of the type the file's name claims (an .exe renamed .pdf): issue 12 */
  fileContentMismatch: '文件内容与文件类型不符',
  /** one account's uploads past UPLOAD_QUOTA_BYTES_PER_HOUR within the clock hour */
  uploadQuotaExceeded: '一小时内上传的文件已超过500MB，请稍后再试',
} as const;
