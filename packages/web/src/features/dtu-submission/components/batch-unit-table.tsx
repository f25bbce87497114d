import { type BatchDetailItem, DTU_TEST_STATUS_NAMES, type DtuTestStatus, type UnitIdentity } from '@factory/contracts';
import { Table, type TableColumnsType, type TablePaginationConfig, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Paging } from '../../../lib/paging';
import { EMPTY, orDash, type SubmissionContext, submissionUrls } from '../dtu-submission-view';

/** The unit's IMEI or MAC, by what tells the DTU's units apart; the other one when that is missing. */
export function unitCodeOf(unit: Pick<BatchDetailItem, 'imei' | 'mac'>, identity: UnitIdentity): string {
  return (identity === 'IMEI' ? unit.imei || unit.mac : unit.mac || unit.imei) || EMPTY;
}

/** A unit's result (seed 002 §2): PASS 成功, NOT_PASS 失败. */
function ResultTag({ status }: { status: DtuTestStatus }) {
  return <Tag color={status === 'PASS' ? 'success' : 'error'}>{DTU_TEST_STATUS_NAMES[status]}</Tag>;
}

interface BatchUnitTableProps {
  units: BatchDetailItem[];
  identity: UnitIdentity;
  loading: boolean;
  paging: Paging;
  pagination: TablePaginationConfig;
  context: SubmissionContext;
  empty: ReactNode;
}

/** A batch's units (seed 002 §2 /submitRecordDetail): the unit's code opens its test. */
export function BatchUnitTable({ units, identity, loading, paging, pagination, context, empty }: BatchUnitTableProps) {
  const columns: TableColumnsType<BatchDetailItem> = [
    { title: '序号', key: 'index', width: 64, render: (_value, _unit, index) => (paging.page - 1) * paging.pageSize + index + 1 },
    {
      title: identity,
      key: 'unit',
      render: (_value, unit) => <Link to={submissionUrls.watchDetail(context, unit.id)}>{unitCodeOf(unit, identity)}</Link>,
    },
    { title: '检测时间', dataIndex: 'endTime', key: 'endTime', width: 170, render: orDash },
    { title: '结果', dataIndex: 'testStatus', key: 'testStatus', width: 90, render: (status: DtuTestStatus) => <ResultTag status={status} /> },
    { title: '检测人', dataIndex: 'uname', key: 'uname', render: orDash },
  ];
  return (
    <Table<BatchDetailItem>
      rowKey="id"
      columns={columns}
      dataSource={units}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: empty }}
      scroll={{ x: 'max-content' }}
    />
  );
}
