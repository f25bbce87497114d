import type { Product } from '@factory/contracts';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PublishStatusTag } from './product-steps';
import { useHasFun } from '../../../lib/session-store';
import { isUnpublished, PRODUCT_MENU } from '../product-view';
import type { useProductActions } from './use-product-actions';
import './product-card.css';

interface ProductCardProps {
  product: Product;
  actions: ReturnType<typeof useProductActions>;
}

/**
 * One product of the product center (seed 001 §2). Its actions show on hover (and
 * on keyboard focus), each only with its button on /productCenter and in the
 * statuses of seed 001 §4: set, publish and delete while unpublished, withdraw
 * otherwise; detail and copy always.
 */
export function ProductCard({ product, actions }: ProductCardProps) {
  const navigate = useNavigate();
  const unpublished = isUnpublished(product);
  const can = {
    detail: useHasFun(PRODUCT_MENU, 'detail'),
    set: useHasFun(PRODUCT_MENU, 'set'),
    push: useHasFun(PRODUCT_MENU, 'push'),
    back: useHasFun(PRODUCT_MENU, 'back'),
    copy: useHasFun(PRODUCT_MENU, 'copy'),
    delete: useHasFun(PRODUCT_MENU, 'delete'),
  };

  const buttons: Array<[string, boolean, () => void, boolean?]> = [
    ['详情', can.detail, () => void navigate(`/productDetail?id=${product.id}`)],
    ['设置', can.set && unpublished, () => void navigate(`/productPotion?id=${product.id}`)],
    ['发布', can.push && unpublished, () => actions.publish(product)],
    ['撤回', can.back && !unpublished, () => actions.revoke(product)],
    ['复制', can.copy, () => actions.copy(product)],
    ['删除', can.delete && unpublished, () => actions.remove(product), true],
  ];
  const shown = buttons.filter(([, allowed]) => allowed);

  return (
    <article className="product-card" aria-label={product.number}>
      <div className="product-card__heading">
        <Tooltip title={product.number}>
          <h3 className="product-card__number">{product.number}</h3>
        </Tooltip>
        <PublishStatusTag status={product.publishStatus} />
      </div>
      <dl className="product-card__info">
        <Field label="产品类型">{product.productTypeName}</Field>
        <Field label="产品编号">{product.code}</Field>
        <Field label="通信方式">{product.communicationName}</Field>
        <Field label="创建时间">{product.createTime}</Field>
      </dl>
      {shown.length > 0 && (
        <div className="product-card__actions">
          {shown.map(([name, , onClick, danger]) => (
            <Button key={name} size="small" type={danger ? 'default' : 'primary'} ghost={!danger} danger={danger} onClick={onClick}>
              {name}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="product-card__field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
