import { type CheckLogItem, DTU_TASK_LIMITS, unitIdentityOf } from '@factory/contracts';
import { Button, Card, DatePicker, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListEmpty, MissingQuery } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { useQueryError } from '../../../lib/use-query-error';
import { useUrlListState } from '../../../lib/use-url-list-state';
import { useCheckHistory } from '../api/get-check-history';
import { useDtuTask } from '../api/get-dtu-task';
import type { CheckHistoryFilter } from '../api/dtu-watch-keys';
import { TrailPageHeader } from '../../../components/trail-page-header';
import { afterToday, contentText, DAY_FORMAT, dayOf, REPORT_SOURCE_NAMES, reportRange } from '../check-log-view';
import { dtuWatchUrls, idParam, isRework, taskContextOf, taskTrail } from '../dtu-watch-view';
import './dtu-watch-pages.css';

const TITLE = '检测日志';
const NO_FILTERS = { imei: '', from: '', to: '' };

/**
 * 检测日志 (/checkLog?partsId&partsType&taskId&dtuId&dtuNumber&taskType, seed 002 §2): every
 * report of the DTU's units as received (of the task's units when a task is named), newest
 * first, by report date and IMEI, loaded a slice at a time.
 */
export function CheckLogPage() {
  const [params] = useSearchParams();
  const context = taskContextOf(params);
  const dtuId = idParam(params, 'dtuId');
  const taskId = idParam(params, 'taskId');
  const rework = isRework(context);
  const backTo = dtuWatchUrls.taskList(context, rework);

  return (
    <div className="dtu-watch-page">
      <TrailPageHeader title={TITLE} trail={taskTrail({ ...context, check: false }, rework)} backTo={backTo} />
      {dtuId === null ? (
        <MissingQuery title="未指定DTU" hint="请从DTU任务列表点击“检测日志”打开" backTo={backTo} backLabel={rework ? '返回返工模式' : '返回DTU任务'} />
      ) : (
        <CheckLog dtuId={dtuId} taskId={taskId} />
      )}
    </div>
  );
}

function CheckLog({ dtuId, taskId }: { dtuId: number; taskId: number | null }) {
  const { filters, filter, draft, setDraft } = useUrlListState(NO_FILTERS, 'imei');
  const from = dayOf(filters.from);
  const to = dayOf(filters.to);
  const query: CheckHistoryFilter = useMemo(
    () => ({ dtuId, taskId: taskId ?? undefined, imei: filters.imei || undefined, ...reportRange(from, to) }),
    [dtuId, taskId, filters.imei, from, to],
  );
  const history = useCheckHistory(query);
  // the task says whether its units are told apart by IMEI or MAC
  const task = useDtuTask(taskId);
  useQueryError(history.error ?? task.error);
  const identity = task.data ? unitIdentityOf(task.data.communicationType) : 'IMEI';

  const rows = useMemo(() => history.data?.pages.flatMap((page) => page.list) ?? [], [history.data]);
  const total = history.data?.pages[0]?.total ?? 0;

  const columns: TableColumnsType<CheckLogItem> = [
    { title: '序号', key: 'index', width: 64, render: (_value, _item, index) => index + 1 },
    { title: identity, dataIndex: 'imei', key: 'imei', width: 200 },
    { title: '上报时间', dataIndex: 'startTime', key: 'startTime', width: 170 },
    { title: '来源', dataIndex: 'source', key: 'source', width: 80, render: (source: CheckLogItem['source']) => REPORT_SOURCE_NAMES[source] },
    {
      title: '上报内容',
      dataIndex: 'content',
      key: 'content',
      render: (content: string) => <pre className="check-log-content">{contentText(content)}</pre>,
    },
  ];

  return (
    <Card
      variant="borderless"
      size="small"
      title="上报记录"
      extra={
        history.data && (
          <span className="check-log-count" aria-label="上报记录数">
            共 <strong>{total}</strong> 条，已加载 {rows.length} 条
          </span>
        )
      }
    >
      <div className="dtu-watch-filters">
        <DatePicker.RangePicker
          aria-label="上报时间"
          placeholder={['开始日期', '结束日期']}
          value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
          disabledDate={afterToday}
          allowEmpty={[true, true]}
          onChange={(dates) => filter({ from: dates?.[0]?.format(DAY_FORMAT) ?? '', to: dates?.[1]?.format(DAY_FORMAT) ?? '' })}
        />
        <SearchQuery
          label={identity}
          className="dtu-watch-filters__search"
          maxLength={DTU_TASK_LIMITS.unitMax}
          draft={draft}
          onDraftChange={setDraft}
          searched={filters.imei}
          onSearch={(imei) => filter({ imei })}
        />
      </div>
      <Table<CheckLogItem>
        className="check-log-table"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={history.isLoading}
        pagination={false}
        locale={{ emptyText: <ListEmpty failed={history.isError} what="检测日志" onRetry={() => void history.refetch()} /> }}
        scroll={{ x: 'max-content' }}
      />
      {rows.length > 0 && (
        <div className="check-log-more">
          {history.hasNextPage ? (
            <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              加载更多
            </Button>
          ) : (
            <span className="check-log-more__done">已全部加载</span>
          )}
        </div>
      )}
    </Card>
  );
}
