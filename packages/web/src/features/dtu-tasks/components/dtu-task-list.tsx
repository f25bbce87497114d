import {
  BLUETOOTH,
  DTU_TASK_LIMITS,
  DTU_TASK_STATUS_NAMES,
  DTU_TASK_STATUSES,
  type Dtu,
  type DtuTask,
  type DtuTaskStatus,
  THREE_2_ONE,
} from '@factory/contracts';
import { FileSearchOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ListEmpty } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { useQueryError } from '../../../lib/use-query-error';
import { useUrlListState } from '../../../lib/use-url-list-state';
import type { DtuTaskListQuery } from '../api/dtu-task-keys';
import { useDtuTasks } from '../api/get-dtu-tasks';
import { useLineOptions } from '../api/get-line-options';
import { nameLabelOf } from '../dtu-task-form';
import { type DtuContext, dtuTaskUrls, idOf, taskTypeOf } from '../dtu-tasks-view';
import { DtuTaskFormDrawer } from './dtu-task-form-drawer';
import { DtuTaskTable } from './dtu-task-table';
import { UnitSearch } from './unit-search';

const STATUS_OPTIONS = DTU_TASK_STATUSES.map((status) => ({ value: status, label: DTU_TASK_STATUS_NAMES[status] }));
/** The list's filters as the address keeps them (all texts; '' is "any"). */
const FILTERS = { fittingType: '', aimProductLineId: '', productLineId: '', status: '' } as const;
/** A status of the address, when it is one (a hand-typed address may say anything). */
const statusOf = (text: string) => DTU_TASK_STATUSES.find((status) => status === text);

interface DtuTaskListProps {
  dtu: Dtu;
  context: DtuContext;
  rework: boolean;
  /** the address asked for the new-task panel (isAdd=yes) */
  addOnArrival: boolean;
}

/**
 * A DTU's tasks or rework tasks (seed 002 §2): filters and page in the address, the
 * MAC/IMEI search, 新增任务 and the add/edit panel, the DTU's check log, and the way
 * between the two lists.
 */
export function DtuTaskList({ dtu, context, rework, addOnArrival }: DtuTaskListProps) {
  const navigate = useNavigate();
  const { filters, filter, draft, setDraft, paging, pagination } = useUrlListState(FILTERS, 'fittingType');
  // an archived DTU takes no new task (seed 002 §4); its tasks stay listed
  const archived = dtu.status !== 1;
  const [panelOpen, setPanelOpen] = useState(addOnArrival && !archived);
  // kept while the panel closes, so its title does not flip to 新增 on the way out
  const [edited, setEdited] = useState<DtuTask | undefined>();
  const nameLabel = nameLabelOf(rework);
  const taskType = taskTypeOf(rework);

  const query: DtuTaskListQuery = useMemo(
    () => ({
      dtuId: dtu.id,
      reworkTask: rework,
      status: statusOf(filters.status),
      productLineId: idOf(filters.productLineId) ?? undefined,
      aimProductLineId: idOf(filters.aimProductLineId) ?? undefined,
      fittingType: filters.fittingType || undefined,
      page: paging.page,
      pageSize: paging.pageSize,
    }),
    [dtu.id, rework, filters, paging],
  );
  const tasks = useDtuTasks(query);
  const lines = useLineOptions();
  useQueryError(tasks.error ?? lines.error);
  const lineOptions = (lines.data ?? []).map((line) => ({ value: String(line.id), label: line.lineName }));
  const setting = useMemo(
    () => ({
      dtuId: dtu.id,
      rework,
      bluetooth: dtu.communicationType === BLUETOOTH,
      threeToOne: dtu.communicationType === THREE_2_ONE,
    }),
    [dtu, rework],
  );

  const openPanel = (task?: DtuTask) => {
    setEdited(task);
    setPanelOpen(true);
  };
  const empty = tasks.isError ? (
    <ListEmpty failed what="DTU任务" onRetry={() => void tasks.refetch()} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={rework ? '暂无返工任务' : '暂无DTU任务'} />
  );

  return (
    <Card variant="borderless">
      <div className="dtu-task-page__toolbar">
        <div className="dtu-task-page__filters">
          <SearchQuery
            label={nameLabel}
            className="dtu-task-page__search"
            maxLength={DTU_TASK_LIMITS.nameMax}
            draft={draft}
            onDraftChange={setDraft}
            searched={filters.fittingType}
            onSearch={(fittingType) => filter({ fittingType })}
          />
          <Select
            aria-label="目标客户"
            className="dtu-task-page__select"
            placeholder="目标客户"
            allowClear
            value={filters.aimProductLineId || undefined}
            options={lineOptions}
            loading={lines.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(value?: string) => filter({ aimProductLineId: value ?? '' })}
          />
          <Select
            aria-label="生产检测"
            className="dtu-task-page__select"
            placeholder="生产检测"
            allowClear
            value={filters.productLineId || undefined}
            options={lineOptions}
            loading={lines.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(value?: string) => filter({ productLineId: value ?? '' })}
          />
          <Select
            aria-label="任务状态"
            className="dtu-task-page__select"
            placeholder="任务状态"
            allowClear
            value={statusOf(filters.status)}
            options={STATUS_OPTIONS}
            onChange={(value?: DtuTaskStatus) => filter({ status: value ?? '' })}
          />
          <UnitSearch dtuId={dtu.id} context={context} />
        </div>
        <div className="dtu-task-page__buttons">
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            disabled={archived}
            title={archived ? '该DTU已归档，不能新建任务' : undefined}
            onClick={() => openPanel()}
          >
            新增任务
          </Button>
          <Button icon={<FileSearchOutlined aria-hidden />} onClick={() => void navigate(dtuTaskUrls.checkLog(context, taskType))}>
            检测日志
          </Button>
          {!rework && (
            <Button icon={<RollbackOutlined aria-hidden />} onClick={() => void navigate(dtuTaskUrls.rework(context))}>
              返工模式
            </Button>
          )}
        </div>
      </div>
      <DtuTaskTable
        tasks={tasks.data?.list ?? []}
        loading={tasks.isFetching}
        paging={paging}
        pagination={pagination(tasks.data?.total ?? 0)}
        nameLabel={nameLabel}
        context={context}
        empty={empty}
        onEdit={openPanel}
      />
      <DtuTaskFormDrawer
        open={panelOpen}
        setting={setting}
        task={edited}
        onClose={() => setPanelOpen(false)}
      />
    </Card>
  );
}
