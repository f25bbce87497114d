import { ACCESSORY_MSG, COMMUNICATION_TYPE_CODES, type CommunicationModule, type CommunicationTypeCode } from '@factory/contracts';
import { App, Card, Empty, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ListEmpty } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { runWithFeedback } from '../../../lib/api-client';
import { useHasFun } from '../../../lib/session-store';
import { useQueryError } from '../../../lib/use-query-error';
import { useDeleteCommunication } from '../api/delete-communication';
import { useCommunications } from '../api/get-communications';
import { useCommunicationTypes } from '../api/get-communication-types';
import type { CommunicationListQuery } from '../api/communication-keys';
import { ModuleCard } from '../components/module-card';
import { AddCard } from '../../../components/catalogue-card';
import { ModuleFormDrawer } from '../components/module-form-drawer';
import { COMMUNICATION_MENU, COMMUNICATION_TRAIL } from '../communication-view';
import { useUrlListState } from '../../../lib/use-url-list-state';
import './communication-page.css';

const NO_FILTERS = { modelType: '', communicationType: '' };
const MODEL_MAX = 18;

/** The type filter of the address; a type the catalogue does not know (a hand-typed address) filters nothing. */
function communicationTypeOf(text: string): CommunicationTypeCode | undefined {
  return COMMUNICATION_TYPE_CODES.find((code) => code === text);
}

/** 通信模块 (seed 002 §2): the module cards, searched by model and filtered by communication type. */
export function CommunicationPage() {
  const { modal } = App.useApp();
  const { filters, filter, draft, setDraft } = useUrlListState(NO_FILTERS, 'modelType');
  const types = useCommunicationTypes();
  const typeOptions = (types.data ?? []).map((type) => ({ value: type.code, label: type.name }));
  const communicationType = communicationTypeOf(filters.communicationType);

  const query: CommunicationListQuery = useMemo(
    () => ({ page: 1, pageSize: 0, modelType: filters.modelType || undefined, communicationType }),
    [filters.modelType, communicationType],
  );
  const modules = useCommunications(query);
  useQueryError(modules.error ?? types.error);
  const remove = useDeleteCommunication();
  const canAdd = useHasFun(COMMUNICATION_MENU, 'add');

  const [drawerOpen, setDrawerOpen] = useState(false);
  // Kept after closing, so the panel keeps its title while it slides away.
  const [editing, setEditing] = useState<CommunicationModule | null>(null);
  const openDrawer = (module: CommunicationModule | null) => {
    setEditing(module);
    setDrawerOpen(true);
  };

  const confirmDelete = (module: CommunicationModule) =>
    modal.confirm({
      title: '提示',
      content: ACCESSORY_MSG.moduleDeleteConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      // a refusal (the module still has DTUs: 409) shows the server's message
      onOk: () => runWithFeedback(() => remove.mutateAsync(module.id), ACCESSORY_MSG.moduleDeleted),
    });

  const list = modules.data?.list ?? [];
  const filtered = filters.modelType !== '' || communicationType !== undefined;

  return (
    <div className="communication-page">
      <PageHeader
        title="通信模块"
        breadcrumb={COMMUNICATION_TRAIL}
        extra={
          modules.data && (
            <div className="communication-page__total" aria-label="通信模块总数">
              共 <strong>{modules.data.total}</strong> 个通信模块
            </div>
          )
        }
      />
      <Card variant="borderless">
        <div className="communication-page__filters">
          <SearchQuery
            label="模块型号"
            className="communication-page__search"
            maxLength={MODEL_MAX}
            draft={draft}
            onDraftChange={setDraft}
            searched={filters.modelType}
            onSearch={(modelType) => filter({ modelType })}
          />
          <Select
            aria-label="通信类型"
            className="communication-page__type"
            placeholder="全部通信类型"
            allowClear
            loading={types.isLoading}
            options={typeOptions}
            value={communicationType}
            onChange={(value?: string) => filter({ communicationType: value ?? '' })}
          />
        </div>

        {modules.isError && !modules.data ? (
          <ListEmpty failed what="通信模块" onRetry={() => void modules.refetch()} />
        ) : (
          <div className="catalogue-grid" aria-busy={modules.isFetching}>
            {canAdd && (
              <AddCard label="新增通信模块" onClick={() => openDrawer(null)} />
            )}
            {list.map((module) => (
              <ModuleCard key={module.id} module={module} onEdit={openDrawer} onDelete={confirmDelete} />
            ))}
          </div>
        )}
        {modules.isLoading && <Spin className="communication-page__loading" />}
        {modules.isSuccess && list.length === 0 && (
          <Empty
            className="communication-page__empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? '没有符合条件的通信模块' : '暂无通信模块'}
          />
        )}
      </Card>

      <ModuleFormDrawer open={drawerOpen} module={editing} onClose={() => setDrawerOpen(false)} />
    </div>
  );
}
