import {
  DTU_SUBMISSION_MSG,
  DTU_TASK_LIMITS,
  DTU_TASK_MSG as M,
  DTU_TEST_STATUS_NAMES,
  DTU_TEST_STATUSES,
  type DtuTask,
  type DtuTestRecord,
  MANAGE_STATUS_NAMES,
  MANAGE_STATUSES,
  unitIdentityOf,
} from '@factory/contracts';
import { App, Button, Card, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { SearchQuery } from '../../../components/search-query';
import { ListEmpty } from '../../../components/page-result';
import { runWithFeedback } from '../../../lib/api-client';
import { useQueryError } from '../../../lib/use-query-error';
import { useUrlListState } from '../../../lib/use-url-list-state';
import { useDeleteDeviceTest } from '../api/delete-device-test';
import { useDeleteSampleTest } from '../api/delete-sample-test';
import { useDeviceTests } from '../api/get-device-tests';
import { useSampleTests } from '../api/get-sample-tests';
import type { DeviceTestListQuery, SampleTestListQuery } from '../api/dtu-watch-keys';
import { DTU_BOARD_REFRESH_MS } from '../board-format';
import { durationText, dtuWatchUrls, orDash, samplingBatchOf, type TaskContext } from '../dtu-watch-view';
import { ManageStatusTag, TestResultTag } from './test-result-tag';

/** The filters of the address; `mac` also arrives from 按MAC查找 on the task list (seed 002 §2 [&mac]). */
const NO_FILTERS = { mac: '', testStatus: '', manageStatus: '' };

/** The unit's IMEI or MAC, by what tells the DTU's units apart; the other one when that is missing. */
export function unitCodeOf(record: Pick<DtuTestRecord, 'imei' | 'mac'>, identity: 'IMEI' | 'MAC'): string {
  return (identity === 'IMEI' ? record.imei || record.mac : record.mac || record.imei) || '-';
}

interface DeviceTestTableProps {
  task: DtuTask;
  context: TaskContext;
}

/**
 * 设备检测列表 (seed 002 §2 dtuTaskWatch): the task's units, filtered by IMEI/MAC, submit
 * status and result, with 详情 and 删除. The filters and the page live in the address.
 * While the task is in production the list follows it every 10 s.
 *
 * Sampling mode (check=Y with taskBatchId, from /checkTask's 查看): the batch's samples
 * instead (checkinfoGroupCheckList), without submit status (a sample is never submitted);
 * 删除 removes the sample's record. A batch is sampled after its task's production, so
 * its list follows every 10 s whatever the task's status.
 */
export function DeviceTestTable({ task, context }: DeviceTestTableProps) {
  const { modal } = App.useApp();
  const location = useLocation();
  const { filters, filter, draft, setDraft, paging, pagination } = useUrlListState(NO_FILTERS, 'mac');
  const batchId = samplingBatchOf(context);
  const sampling = batchId !== null;
  const testStatus = (filters.testStatus || undefined) as DeviceTestListQuery['testStatus'];
  const query: DeviceTestListQuery = useMemo(
    () => ({
      taskId: task.id,
      testStatus,
      manageStatus: context.check ? undefined : ((filters.manageStatus || undefined) as DeviceTestListQuery['manageStatus']),
      mac: filters.mac || undefined,
      page: paging.page,
      pageSize: paging.pageSize,
    }),
    [task.id, context.check, testStatus, filters, paging],
  );
  const sampleQuery: SampleTestListQuery = useMemo(
    () => ({ id: batchId ?? 0, testStatus, mac: filters.mac || undefined, page: paging.page, pageSize: paging.pageSize }),
    [batchId, testStatus, filters.mac, paging],
  );
  const production = useDeviceTests(query, task.status === 'START' ? DTU_BOARD_REFRESH_MS : false, !sampling);
  const samples = useSampleTests(task.id, sampleQuery, { enabled: sampling, refreshMs: DTU_BOARD_REFRESH_MS });
  const tests = sampling ? samples : production;
  useQueryError(tests.error);
  const removeTest = useDeleteDeviceTest(task.id);
  const removeSample = useDeleteSampleTest(task.id);
  const identity = unitIdentityOf(task.communicationType);
  // the detail keeps the page's context; the task's own id wins over a lost one
  const detailContext: TaskContext = { ...context, taskId: String(task.id) };

  const deleting = sampling
    ? { question: DTU_SUBMISSION_MSG.sampleDeleteConfirm, success: DTU_SUBMISSION_MSG.sampleDeleted, call: removeSample.mutateAsync }
    : { question: M.deviceDeleteConfirm, success: M.deviceDeleted, call: removeTest.mutateAsync };
  const confirmDelete = (record: DtuTestRecord) =>
    modal.confirm({
      title: '提示',
      content: deleting.question,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => deleting.call(record.id), deleting.success),
    });

  const columns: TableColumnsType<DtuTestRecord> = [
    { title: '序号', key: 'index', width: 64, render: (_value, _record, index) => (paging.page - 1) * paging.pageSize + index + 1 },
    { title: identity, key: 'unit', render: (_value, record) => unitCodeOf(record, identity) },
    { title: '开始时间', dataIndex: 'startTime', key: 'startTime', width: 170 },
    { title: '检测时间', dataIndex: 'checkTime', key: 'checkTime', width: 170, render: orDash },
    { title: '检测时长', dataIndex: 'productTime', key: 'productTime', width: 100, render: durationText },
    { title: '检测结果', dataIndex: 'testStatus', key: 'testStatus', width: 90, render: (status: DtuTestRecord['testStatus']) => <TestResultTag status={status} /> },
    ...(sampling
      ? []
      : [
          {
            title: '提交状态',
            dataIndex: 'manageStatus',
            key: 'manageStatus',
            width: 90,
            render: (status: DtuTestRecord['manageStatus']) => <ManageStatusTag status={status} />,
          },
        ]),
    { title: '检测人员', dataIndex: 'uname', key: 'uname', render: orDash },
    { title: '检测终端', dataIndex: 'terminalName', key: 'terminalName', render: orDash },
    {
      title: '失败项',
      dataIndex: 'failures',
      key: 'failures',
      // one short line; the whole list on hover and on the detail page
      render: (failures: string[]) =>
        failures.length ? (
          <Typography.Text className="dtu-watch-failures" ellipsis={{ tooltip: failures.join('、') }}>
            {failures.join('、')}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_value, record) => (
        <Space size={4}>
          <Link to={dtuWatchUrls.watchDetail(detailContext, record.id)} state={{ back: `${location.pathname}${location.search}` }}>
            详情
          </Link>
          {/* a submitted unit belongs to its batch (the server refuses: 已提交的设备不能删除); a sample is never submitted */}
          {(sampling || record.manageStatus !== 'SUBMIT') && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(record)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" size="small" title={sampling ? '抽检设备列表' : '设备检测列表'}>
      <div className="dtu-watch-filters">
        <SearchQuery
          label={identity === 'IMEI' ? 'IMEI/MAC' : 'MAC/IMEI'}
          className="dtu-watch-filters__search"
          maxLength={DTU_TASK_LIMITS.unitMax}
          draft={draft}
          onDraftChange={setDraft}
          searched={filters.mac}
          onSearch={(mac) => filter({ mac })}
        />
        {!context.check && (
          <Select
            aria-label="提交状态"
            className="dtu-watch-filters__select"
            placeholder="提交状态"
            allowClear
            value={filters.manageStatus || undefined}
            options={MANAGE_STATUSES.map((status) => ({ value: status, label: MANAGE_STATUS_NAMES[status] }))}
            onChange={(value?: string) => filter({ manageStatus: value ?? '' })}
          />
        )}
        <Select
          aria-label="检测结果"
          className="dtu-watch-filters__select"
          placeholder="检测结果"
          allowClear
          value={filters.testStatus || undefined}
          options={DTU_TEST_STATUSES.map((status) => ({ value: status, label: DTU_TEST_STATUS_NAMES[status] }))}
          onChange={(value?: string) => filter({ testStatus: value ?? '' })}
        />
      </div>
      <Table<DtuTestRecord>
        rowKey="id"
        columns={columns}
        dataSource={tests.data?.list ?? []}
        loading={tests.isLoading || tests.isPlaceholderData}
        pagination={pagination(tests.data?.total ?? 0)}
        locale={{ emptyText: <ListEmpty failed={tests.isError} what="设备检测记录" onRetry={() => void tests.refetch()} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
