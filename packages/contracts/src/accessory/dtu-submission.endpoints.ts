import { z } from 'zod';
import { idBody, idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { needAnyOf } from '../permissions.js';
import {
  batchDetailItem,
  batchQuery,
  checkConfig,
  checkConfigQuery,
  checkGroupCheckListQuery,
  checkGroupListQuery,
  checkTaskBindBody,
  checkTaskUnbindBody,
  reportDetail,
  reportDetailQuery,
  reportGprs,
  reportGprsQuery,
  sampleOtherResult,
  samplingBatch,
  submitAnswer,
  submitBody,
  submitRecordDetailQuery,
  submitRecordListQuery,
  submitRecordPage,
  taskExportQuery,
} from './dtu-submission.js';
import { dtuTestDetail, dtuTestRecord } from './dtu-test.js';

const tag = 'DTU提交与抽检';
/* As the DTU task pages: either menu, 配件管理 or 通信模块, opens them (dtu-task.endpoints.ts). */
const permission = needAnyOf(MENUS.parts, MENUS.communication);

/** A sample's detail: the unit's test as a production record's, plus the other properties judged on it. */
export const sampleDetail = dtuTestDetail.extend({
  sampleBatchId: z.number().int(),
  otherResults: z.array(sampleOtherResult),
});
export type SampleDetail = z.infer<typeof sampleDetail>;

/**
 * Submission, sampling inspection and the inspection report of DTU batches (seed 002 §7
 * task_submit, task_export, task_checkinfo_group_*, task_checkinfo_check_*, check_task_*,
 * submit records, report; DESIGN.md §9.5). Exports answer .xlsx, streamed.
 */
export const DTU_SUBMISSION_ENDPOINTS = {
  dtuTaskSubmit: endpoint({
    method: 'POST',
    path: '/api/dtuTask/submit',
    tag,
    summary: '提交DTU任务',
    permission,
    encoding: 'form',
    body: submitBody,
    response: submitAnswer,
  }),
  dtuTaskExport: endpoint({
    method: 'GET',
    path: '/api/dtuTask/export',
    tag,
    summary: '导出DTU任务检测记录',
    permission,
    query: taskExportQuery,
  }),
  dtuTaskSubmitRecordList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/submitRecordList',
    tag,
    summary: '提交记录',
    permission,
    query: submitRecordListQuery,
    response: submitRecordPage,
  }),
  dtuTaskSubmitRecordDetailList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/submitRecordDetailList',
    tag,
    summary: '提交批次的设备',
    permission,
    query: submitRecordDetailQuery,
    response: pageOf(batchDetailItem),
  }),
  dtuTaskSubmitRecordExport: endpoint({
    method: 'GET',
    path: '/api/dtuTask/submitRecordExport',
    tag,
    summary: '导出批次设备列表',
    permission,
    query: batchQuery,
  }),
  dtuTaskCheckinfoCheckDetail: endpoint({
    method: 'GET',
    path: '/api/dtuTask/checkinfoCheckDetail',
    tag,
    summary: '抽检配置',
    permission,
    query: checkConfigQuery,
    response: checkConfig,
  }),
  checkTaskBind: endpoint({
    method: 'POST',
    path: '/api/checkTask/bind',
    tag,
    summary: '配置抽检任务',
    permission,
    body: checkTaskBindBody,
    response: z.null(),
  }),
  checkTaskUnbind: endpoint({
    method: 'POST',
    path: '/api/checkTask/unbind',
    tag,
    summary: '解绑抽检终端',
    permission,
    encoding: 'form',
    body: checkTaskUnbindBody,
    response: z.null(),
  }),
  dtuTaskCheckinfoGroupList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/checkinfoGroupList',
    tag,
    summary: '抽检批次',
    permission,
    query: checkGroupListQuery,
    response: pageOf(samplingBatch),
  }),
  dtuTaskCheckinfoGroupCheckList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/checkinfoGroupCheckList',
    tag,
    summary: '批次的抽检记录',
    permission,
    query: checkGroupCheckListQuery,
    response: pageOf(dtuTestRecord),
  }),
  dtuTaskCheckinfoGroupCheckDetail: endpoint({
    method: 'GET',
    path: '/api/dtuTask/checkinfoGroupCheckDetail',
    tag,
    summary: '抽检记录详情',
    permission,
    query: idQuery,
    response: sampleDetail,
  }),
  dtuTaskCheckinfoCheckDelete: endpoint({
    method: 'POST',
    path: '/api/dtuTask/checkinfoCheckDelete',
    tag,
    summary: '删除抽检记录',
    permission,
    encoding: 'form',
    body: idBody,
    response: z.null(),
  }),
  dtuTaskReportDetail: endpoint({
    method: 'GET',
    path: '/api/dtuTask/reportDetail',
    tag,
    summary: '检验报告',
    permission,
    query: reportDetailQuery,
    response: reportDetail,
  }),
  dtuTaskReportGprs: endpoint({
    method: 'GET',
    path: '/api/dtuTask/reportGprs',
    tag,
    summary: '检验报告信号强度',
    permission,
    query: reportGprsQuery,
    response: reportGprs,
  }),
  dtuTaskReportExport: endpoint({
    method: 'GET',
    path: '/api/dtuTask/reportExport',
    tag,
    summary: '导出检验报告',
    permission,
    query: batchQuery,
  }),
} as const;
