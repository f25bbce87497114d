import { ACCESSORY_MSG as M, type Fitting, FITTING_TYPES } from '@factory/contracts';
import { App, Card, Empty, Select, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ListEmpty } from '../../../components/page-result';
import { runWithFeedback } from '../../../lib/api-client';
import { useHasFun } from '../../../lib/session-store';
import { useQueryError } from '../../../lib/use-query-error';
import { useDeleteFitting } from '../api/delete-fitting';
import { useFittings } from '../api/get-fittings';
import { AddCard, type CardAction } from '../../../components/catalogue-card';
import { PartCard } from '../components/part-card';
import { PartFormDialog } from '../components/part-form-dialog';
import { partUrls, PARTS_MENU, PARTS_TRAIL } from '../parts-view';
import './parts-pages.css';

const TYPE_OPTIONS = FITTING_TYPES.map((type) => ({ value: type.id, label: type.name }));

/** The panel: closed, adding, or editing a part (kept while it slides away). */
type Panel = { open: boolean; part: Fitting | null };

/** 配件管理 (seed 002 §2): every part as a card, filtered by type; add, edit and delete by the role's buttons. */
export function PartsPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [fittingType, setFittingType] = useState<number | undefined>();
  const [panel, setPanel] = useState<Panel>({ open: false, part: null });
  const can = {
    add: useHasFun(PARTS_MENU, 'add'),
    detail: useHasFun(PARTS_MENU, 'detail'),
    edit: useHasFun(PARTS_MENU, 'edit'),
    delete: useHasFun(PARTS_MENU, 'delete'),
  };

  const parts = useFittings({ fittingType, page: 1, pageSize: 0 });
  useQueryError(parts.error);
  const remove = useDeleteFitting();
  const list = parts.data?.list ?? [];

  const confirmDelete = (part: Fitting) =>
    modal.confirm({
      title: '提示',
      content: M.partDeleteConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      // a part that still has DTUs is refused (409) with the server's reason
      onOk: () => runWithFeedback(() => remove.mutateAsync(part.id), M.partDeleted),
    });

  const actionsOf = (part: Fitting): CardAction[] => {
    const actions: CardAction[] = [];
    const partRef = { partsId: part.id, partsType: part.fittingType };
    if (can.detail) actions.push({ name: '详情', onClick: () => void navigate(partUrls.detail(partRef)) });
    if (can.edit) actions.push({ name: '编辑', onClick: () => setPanel({ open: true, part }) });
    if (can.delete) actions.push({ name: '删除', onClick: () => void confirmDelete(part), danger: true });
    return actions;
  };

  return (
    <div className="parts-page">
      <PageHeader
        title="配件管理"
        breadcrumb={PARTS_TRAIL}
        extra={
          parts.data && (
            <span className="parts-page__total" aria-label="配件总数">
              共 <strong>{parts.data.total}</strong> 个配件
            </span>
          )
        }
      />
      <Card variant="borderless">
        <div className="parts-page__filters">
          <Select
            aria-label="配件类型"
            className="parts-page__filter"
            placeholder="配件类型"
            allowClear
            value={fittingType}
            options={TYPE_OPTIONS}
            onChange={(value?: number) => setFittingType(value)}
          />
        </div>

        <div className="catalogue-grid">
          {can.add && <AddCard label="新增配件" onClick={() => setPanel({ open: true, part: null })} />}
          {list.map((part) => (
            <PartCard key={part.id} part={part} actions={actionsOf(part)} />
          ))}
        </div>

        {parts.isLoading && <Spin className="parts-page__loading" />}
        {!parts.isLoading && list.length === 0 && (
          <div className="parts-page__empty">
            {parts.isError ? (
              <ListEmpty failed what="配件" onRetry={() => void parts.refetch()} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={can.add ? '暂无配件，点击“新增配件”添加' : '暂无配件'} />
            )}
          </div>
        )}
      </Card>

      <PartFormDialog open={panel.open} part={panel.part} onClose={() => setPanel((current) => ({ ...current, open: false }))} />
    </div>
  );
}
