import type { Firmware, FirmwareType } from '@factory/contracts';
import { Button, Card, Empty, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ProductFormDrawer } from '../components/product-form-drawer';
import { ProductSteps } from '../components/product-steps';
import { useHasFun } from '../../../lib/session-store';
import { useQueryError } from '../../../lib/use-query-error';
import { useProduct } from '../api/get-product';
import { FirmwareDrawer, type FirmwareTarget } from '../components/firmware-drawer';
import { FirmwareTable } from '../components/firmware-table';
import { useProductActions } from '../components/use-product-actions';
import { isUnpublished, PRODUCT_MENU, productIdOf } from '../product-view';
import './product-push-page.css';

const TITLE = '产品发布';
const BREADCRUMB = ['生产中心', '产品中心', TITLE];

/** 产品发布, step 3 of the product setup (seed 001 §2): the firmware tables and the publish button. */
export function ProductPushPage() {
  const [searchParams] = useSearchParams();
  const productId = productIdOf(searchParams);
  const navigate = useNavigate();
  const product = useProduct(productId);
  useQueryError(product.error);

  const canSet = useHasFun(PRODUCT_MENU, 'set');
  const canPush = useHasFun(PRODUCT_MENU, 'push');
  const actions = useProductActions();
  const [editingProduct, setEditingProduct] = useState(false);
  const [firmwareOpen, setFirmwareOpen] = useState(false);
  const [firmwareTarget, setFirmwareTarget] = useState<FirmwareTarget | null>(null);
  const openFirmware = (target: FirmwareTarget) => {
    setFirmwareTarget(target);
    setFirmwareOpen(true);
  };

  if (productId === null || !product.data) {
    return (
      <div className="product-push-page">
        <PageHeader title={TITLE} breadcrumb={BREADCRUMB} />
        <Card variant="borderless">
          {productId === null ? (
            <Empty description="未指定产品，请从产品中心进入" />
          ) : product.isError ? (
            <Result status="warning" title="产品加载失败" subTitle="该产品不存在或无权查看，请返回产品中心" />
          ) : (
            <Spin className="product-push-page__loading" />
          )}
        </Card>
      </div>
    );
  }

  // Writes to a product's definition are refused unless it is unpublished (issue 4).
  const editable = isUnpublished(product.data);
  const writable =
    canSet && editable
      ? {
          onAdd: (type: FirmwareType) => openFirmware({ mode: 'add', type }),
          onEdit: (firmware: Firmware) => openFirmware({ mode: 'edit', firmware }),
        }
      : undefined;

  return (
    <div className="product-push-page">
      <PageHeader title={TITLE} breadcrumb={BREADCRUMB} />
      <Card variant="borderless">
        <ProductSteps
          product={product.data}
          current={2}
          onEdit={canSet && editable ? () => setEditingProduct(true) : undefined}
        />
      </Card>
      <FirmwareTable productId={productId} type="TEST" writable={writable} />
      <FirmwareTable productId={productId} type="BUSINESS" writable={writable} />
      <div className="product-push-page__buttons">
        <Space>
          <Button onClick={() => void navigate(PRODUCT_MENU)}>关闭</Button>
          <Button onClick={() => void navigate(`/productFlow?id=${productId}`)}>上一步</Button>
          {canPush && editable && (
            <Button type="primary" onClick={() => actions.publish(product.data, () => void navigate(PRODUCT_MENU))}>
              发布
            </Button>
          )}
        </Space>
      </div>

      <FirmwareDrawer
        productId={productId}
        open={firmwareOpen}
        target={firmwareTarget}
        onClose={() => setFirmwareOpen(false)}
      />
      <ProductFormDrawer open={editingProduct} product={product.data} onClose={() => setEditingProduct(false)} />
    </div>
  );
}
