import { PUBLISH_STATUS_NAMES, PUBLISH_STATUSES, type Product, type PublishStatus } from '@factory/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Card, Empty, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ProductFormDrawer } from '../components/product-form-drawer';
import { lookupOptions, useProductLookup } from '../../../components/lookup-lists';
import { useHasFun } from '../../../lib/session-store';
import { useQueryError } from '../../../lib/use-query-error';
import { useProducts } from '../api/get-products';
import type { ProductListFilter } from '../api/product-keys';
import { ProductCard } from '../components/product-card';
import { useBottomSentinel } from '../components/use-bottom-sentinel';
import { useProductActions } from '../components/use-product-actions';
import { PRODUCT_MENU } from '../product-view';
import './product-center-page.css';

const STATUS_OPTIONS = PUBLISH_STATUSES.map((status) => ({ value: status, label: PUBLISH_STATUS_NAMES[status] }));

/** 产品中心 (seed 001 §2): filters, totals, the product cards in pages of 20 loaded by scrolling. */
export function ProductCenterPage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ProductListFilter>({});
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canAdd = useHasFun(PRODUCT_MENU, 'add');

  const productTypes = useProductLookup('productTypes');
  const products = useProducts(filter);
  useQueryError(products.error ?? productTypes.error);
  const actions = useProductActions();

  const list: Product[] = useMemo(() => products.data?.pages.flatMap((page) => page.list) ?? [], [products.data]);
  const firstPage = products.data?.pages[0];

  const sentinel = useBottomSentinel<HTMLDivElement>(() => {
    if (products.hasNextPage && !products.isFetchingNextPage) void products.fetchNextPage();
  }, products.hasNextPage);

  return (
    <div className="product-center-page">
      <PageHeader
        title="产品中心"
        breadcrumb={['生产中心', '产品中心']}
        extra={
          firstPage && (
            <div className="product-center-page__totals" aria-label="产品统计">
              <span>
                已发布 <strong>{firstPage.publishCount}</strong>
              </span>
              <span>
                未发布 <strong>{firstPage.unPublishCount}</strong>
              </span>
              {firstPage.producingCount > 0 && (
                <span>
                  生产中 <strong>{firstPage.producingCount}</strong>
                </span>
              )}
            </div>
          )
        }
      />
      <Card variant="borderless" className="product-center-page__body">
        <div className="product-center-page__filters">
          <Select
            aria-label="产品类型"
            className="product-center-page__filter"
            placeholder="产品类型"
            allowClear
            value={filter.productTypeId}
            options={lookupOptions(productTypes.data)}
            loading={productTypes.isLoading}
            onChange={(value?: number) => setFilter((current) => ({ ...current, productTypeId: value }))}
          />
          <Select
            aria-label="状态"
            className="product-center-page__filter"
            placeholder="状态"
            allowClear
            value={filter.publishStatus}
            options={STATUS_OPTIONS}
            onChange={(value?: PublishStatus) => setFilter((current) => ({ ...current, publishStatus: value }))}
          />
        </div>

        <div className="product-center-page__grid">
          {canAdd && (
            <button type="button" className="product-card-add" aria-label="新增产品" onClick={() => setDrawerOpen(true)}>
              <PlusOutlined />
              新增产品
            </button>
          )}
          {list.map((product) => (
            <ProductCard key={product.id} product={product} actions={actions} />
          ))}
        </div>

        {products.isLoading && <Spin className="product-center-page__loading" />}
        {products.isSuccess && list.length === 0 && (
          <Empty className="product-center-page__empty" description="暂无产品" />
        )}
        <div ref={sentinel} className="product-center-page__sentinel" aria-hidden={!products.hasNextPage}>
          {products.isFetchingNextPage && <Spin size="small" />}
          {!products.hasNextPage && list.length > 0 && (
            <Typography.Text type="secondary">已加载全部 {firstPage?.total ?? list.length} 个产品</Typography.Text>
          )}
        </div>
      </Card>

      <ProductFormDrawer
        open={drawerOpen}
        product={null}
        onClose={() => setDrawerOpen(false)}
        onSaved={(id) => void navigate(`/productPotion?id=${id}`)}
      />
    </div>
  );
}
