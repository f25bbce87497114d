import { MSG, type Flow, type Product } from '@factory/contracts';
import { App, Button, Card, Empty, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { runWithFeedback } from '../../../../lib/api-client';
import { useQueryError } from '../../../../lib/use-query-error';
import { useDeleteFlow } from '../api/delete-flow';
import { useFlows } from '../api/get-flows';
import { useInsertFlow } from '../api/insert-flow';
import { useSwapFlows } from '../api/swap-flows';
import { FlowDetailDialog } from '../components/flow-detail-dialog';
import { FlowDrawer } from '../components/flow-drawer';
import { FlowGrid } from '../components/flow-grid';
import { FlowSortDialog } from '../components/flow-sort-dialog';
import { SetupFrame } from '../components/setup-frame';
import { boundCodeName } from '../flow-form';
import type { DropAction } from '../flow-layout';
import { PRODUCT_MENU, stepPath } from '../setup-view';
import './product-flow-page.css';

/** /productFlow?id 流程设置, step 2 of the product setup (seed 001 §2). */
export function ProductFlowPage() {
  return (
    <SetupFrame title="流程设置" step={1}>
      {(product, editable) => <FlowStep product={product} editable={editable} />}
    </SetupFrame>
  );
}

interface DrawerState {
  open: boolean;
  session: number;
  /** null adds a flow */
  flowId: number | null;
}

function FlowStep({ product, editable }: { product: Product; editable: boolean }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const flowsQuery = useFlows(product.id);
  useQueryError(flowsQuery.error);
  const flows = useMemo(() => [...(flowsQuery.data ?? [])].sort((a, b) => a.order - b.order), [flowsQuery.data]);
  const [shown, setShown] = useState<Flow | null>(null);
  const [sorting, setSorting] = useState<Flow | null>(null);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, session: 0, flowId: null });
  const deleteFlow = useDeleteFlow(product.id);
  const swapFlows = useSwapFlows(product.id);
  const insertFlow = useInsertFlow(product.id);

  const openDrawer = (flowId: number | null) => setDrawer((current) => ({ open: true, session: current.session + 1, flowId }));
  const remove = (flow: Flow) =>
    modal.confirm({
      title: MSG.flowDeleteConfirm,
      content: `流程${flow.order} ${flow.name}`,
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => deleteFlow.mutateAsync(flow.id), MSG.flowDeleted),
    });
  const move = (action: DropAction) =>
    runWithFeedback(
      () =>
        action.kind === 'swap'
          ? swapFlows.mutateAsync({ fromId: action.fromId, toId: action.toId })
          : insertFlow.mutateAsync({ left: action.left, middle: action.middle, right: action.right }),
      MSG.flowSorted,
    );

  const moving = swapFlows.isPending || insertFlow.isPending;
  return (
    <>
      <Card
        variant="borderless"
        title={`流程列表（${flows.length}）`}
        extra={editable && flows.length > 1 ? <span className="product-flow-page__hint">拖动流程可调整顺序</span> : null}
      >
        <Spin spinning={flowsQuery.isLoading || moving}>
          {flows.length === 0 && !editable ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无流程" />
          ) : (
            <FlowGrid
              flows={flows}
              boundCode={boundCodeName(product.communicationId)}
              editable={editable}
              onOpen={setShown}
              onAdd={() => openDrawer(null)}
              onEdit={(flow) => openDrawer(flow.id)}
              onDelete={remove}
              onSort={setSorting}
              onMove={(action) => void move(action)}
            />
          )}
          {flows.length === 0 && editable && !flowsQuery.isLoading && (
            <div className="product-flow-page__empty">暂无流程，点击“新增流程”添加第一个流程</div>
          )}
        </Spin>
        <div className="setup-footer">
          <Button onClick={() => void navigate(PRODUCT_MENU)}>关闭</Button>
          <Button onClick={() => void navigate(stepPath('/productPotion', product.id))}>上一步</Button>
          <Button type="primary" onClick={() => void navigate(stepPath('/productPush', product.id))}>
            下一步
          </Button>
        </div>
      </Card>
      <FlowDetailDialog flow={shown} onClose={() => setShown(null)} />
      <FlowSortDialog
        flow={sorting}
        flows={flows}
        saving={moving}
        onClose={() => setSorting(null)}
        onMove={move}
      />
      <FlowDrawer
        key={drawer.session}
        open={drawer.open}
        product={product}
        flowId={drawer.flowId}
        lastFlowId={flows.at(-1)?.id ?? null}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
