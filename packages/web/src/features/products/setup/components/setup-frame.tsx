import { Card, Empty, Result, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Product } from '@factory/contracts';
import { PageHeader } from '../../../../components/page-header';
import { ProductFormDrawer } from '../../components/product-form-drawer';
import { ProductSteps, type ProductStepIndex } from '../../components/product-steps';
import { useHasFun } from '../../../../lib/session-store';
import { useQueryError } from '../../../../lib/use-query-error';
import { useProduct } from '../api/get-product';
import { isEditable, PRODUCT_MENU, productIdOf } from '../setup-view';
import './setup-frame.css';

const BREADCRUMB = ['生产中心', '产品中心'] as const;

interface SetupFrameProps {
  title: string;
  step: ProductStepIndex;
  /** the step's body, given the loaded product and whether its definition may change */
  children(product: Product, editable: boolean): ReactNode;
}

/**
 * What both setup steps share: the product from ?id, its header (the edit icon
 * opens the product side panel) and the step bar, or a notice when the address
 * names no product or it cannot be loaded.
 */
export function SetupFrame({ title, step, children }: SetupFrameProps) {
  const [searchParams] = useSearchParams();
  const productId = productIdOf(searchParams);
  const product = useProduct(productId);
  useQueryError(product.error);
  const canSet = useHasFun(PRODUCT_MENU, 'set');
  const [drawer, setDrawer] = useState({ open: false, session: 0 });

  const editable = canSet && isEditable(product.data);
  let body: ReactNode;
  if (productId === null) {
    body = (
      <Card variant="borderless">
        <Empty description="未指定产品，请从产品中心进入" />
      </Card>
    );
  } else if (product.data) {
    body = (
      <>
        <Card variant="borderless" className="setup-frame__head">
          <ProductSteps
            product={product.data}
            current={step}
            onEdit={editable ? () => setDrawer((current) => ({ open: true, session: current.session + 1 })) : undefined}
          />
        </Card>
        {children(product.data, editable)}
        <ProductFormDrawer
          key={drawer.session}
          open={drawer.open}
          product={product.data}
          onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        />
      </>
    );
  } else if (product.isError) {
    body = (
      <Card variant="borderless">
        <Result status="warning" title="产品加载失败" subTitle="该产品不存在或无权查看，请返回产品中心" />
      </Card>
    );
  } else {
    body = (
      <Card variant="borderless">
        <Spin className="setup-frame__loading" />
      </Card>
    );
  }

  return (
    <div className="setup-frame">
      <PageHeader title={title} breadcrumb={[...BREADCRUMB, title]} />
      {body}
    </div>
  );
}
