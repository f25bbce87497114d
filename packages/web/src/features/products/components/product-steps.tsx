import { aqlText, inspectionLevelName, NO_INTERNET, PUBLISH_STATUS_NAMES, type Product, type PublishStatus } from '@factory/contracts';
import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Steps, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import './product-steps.css';

/** Badge colours of the publish status (seed 001 §4). */
export const PUBLISH_STATUS_COLORS: Record<PublishStatus, string> = {
  UNPUBLISH: 'default',
  PUBLISH: 'success',
  PRODUCTING: 'processing',
};

export function PublishStatusTag({ status }: { status: PublishStatus }) {
  return <Tag color={PUBLISH_STATUS_COLORS[status]}>{PUBLISH_STATUS_NAMES[status]}</Tag>;
}

interface ProductHeaderProps {
  product: Product;
  /** shows the edit icon beside the model number; leave out where the product cannot be edited */
  onEdit?: () => void;
  /** shown after the AQL: the detail page's 修改 of the sampling settings (ProductSamplingAction) */
  samplingAction?: ReactNode;
}

/**
 * The product's basic information (seed 001 §2, productFlow header): model number,
 * publish-status badge, type, code, network support, communication (only when
 * networked), data format, the GB/T 2828.1 inspection level and AQL of its stock batches,
 * creation time and description.
 */
export function ProductHeader({ product, onEdit, samplingAction }: ProductHeaderProps) {
  const networked = product.connectInternet && product.communicationId !== NO_INTERNET;
  const items = [
    { key: 'type', label: '产品类型', children: product.productTypeName },
    { key: 'code', label: '产品编号', children: product.code },
    { key: 'network', label: '网络支持', children: networked ? '是' : '否' },
    ...(networked ? [{ key: 'communication', label: '通信方式', children: product.communicationName }] : []),
    { key: 'format', label: '数据格式', children: product.dataFormatName },
    { key: 'inspectionLevel', label: '检验水平', children: inspectionLevelName(product.inspectionLevel) },
    {
      key: 'aql',
      label: 'AQL',
      children: samplingAction ? (
        <>
          {aqlText(product.aql)}
          {samplingAction}
        </>
      ) : (
        aqlText(product.aql)
      ),
    },
    { key: 'created', label: '创建时间', children: product.createTime },
    { key: 'description', label: '描述', children: product.description, span: 'filled' as const },
  ];
  return (
    <div className="product-header">
      <div className="product-header__title">
        <Typography.Title level={4} className="product-header__number">
          {product.number}
        </Typography.Title>
        <PublishStatusTag status={product.publishStatus} />
        {onEdit && (
          <Tooltip title="编辑产品">
            <Button type="text" size="small" aria-label="编辑产品" icon={<EditOutlined />} onClick={onEdit} />
          </Tooltip>
        )}
      </div>
      <Descriptions size="small" column={3} items={items} className="product-header__info" />
    </div>
  );
}

/** The three setup steps and their pages (seed 001 §2). */
export const PRODUCT_STEPS = [
  { title: '属性定义', path: '/productPotion' },
  { title: '流程设置', path: '/productFlow' },
  { title: '产品发布', path: '/productPush' },
] as const;

export type ProductStepIndex = 0 | 1 | 2;

interface ProductStepBarProps {
  productId: number;
  /** 0 属性定义, 1 流程设置, 2 产品发布 */
  current: ProductStepIndex;
}

/** 1 属性定义, 2 流程设置, 3 产品发布; every step but the current one opens its page. */
export function ProductStepBar({ productId, current }: ProductStepBarProps) {
  const navigate = useNavigate();
  return (
    <Steps
      className="product-step-bar"
      current={current}
      onChange={(next) => {
        if (next !== current) void navigate(`${PRODUCT_STEPS[next]!.path}?id=${productId}`);
      }}
      items={PRODUCT_STEPS.map((step, index) => ({
        title: step.title,
        // the current step is not a link to itself
        disabled: index === current,
      }))}
    />
  );
}

interface ProductStepsProps extends ProductHeaderProps {
  current: ProductStepIndex;
}

/** Header and step bar together, as the three setup pages show them. */
export function ProductSteps({ product, onEdit, current }: ProductStepsProps) {
  return (
    <div className="product-steps">
      <ProductHeader product={product} onEdit={onEdit} />
      <ProductStepBar productId={product.id} current={current} />
    </div>
  );
}
