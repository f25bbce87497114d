import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Empty, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ProductHeader } from '../components/product-steps';
import { useQueryError } from '../../../lib/use-query-error';
import { useFlows } from '../api/get-flows';
import { useProduct } from '../api/get-product';
import { FirmwareTable } from '../components/firmware-table';
import { FlowDiagram } from '../components/flow-diagram';
import { ProductSamplingAction } from '../components/product-sampling-dialog';
import { PropertyTable } from '../components/property-table';
import { PRODUCT_MENU, productIdOf } from '../product-view';
import './product-detail-page.css';

/**
 * 产品详情 (seed 001 §2): basic information, properties, the flow diagram and both firmware
 * tables, read-only but for the sampling settings (修改, with 产品中心's set button).
 */
export function ProductDetailPage() {
  const [searchParams] = useSearchParams();
  const productId = productIdOf(searchParams);

  return (
    <div className="product-detail-page">
      <PageHeader
        title="产品详情"
        breadcrumb={['生产中心', '产品中心', '产品详情']}
        extra={
          <Link to={PRODUCT_MENU}>
            <ArrowLeftOutlined /> 返回产品中心
          </Link>
        }
      />
      {productId === null ? (
        <Card variant="borderless">
          <Empty description="未指定产品，请从产品中心进入" />
        </Card>
      ) : (
        <ProductDetail productId={productId} />
      )}
    </div>
  );
}

function ProductDetail({ productId }: { productId: number }) {
  const product = useProduct(productId);
  const flows = useFlows(productId);
  useQueryError(product.error ?? flows.error);

  if (!product.data) {
    return (
      <Card variant="borderless">
        {product.isError ? <Empty description="产品加载失败" /> : <Spin className="product-detail-page__loading" />}
      </Card>
    );
  }
  return (
    <>
      <Card variant="borderless" title="基本信息" size="small">
        {/* the sampling settings may change whatever the status (issue 15), the rest is read-only */}
        <ProductHeader product={product.data} samplingAction={<ProductSamplingAction product={product.data} />} />
      </Card>
      <Card variant="borderless" title="自定义属性" size="small">
        <PropertyTable productId={productId} />
      </Card>
      <Card variant="borderless" title="流程图" size="small">
        {flows.isLoading ? <Spin className="product-detail-page__loading" /> : <FlowDiagram flows={flows.data ?? []} />}
      </Card>
      <FirmwareTable productId={productId} type="TEST" />
      <FirmwareTable productId={productId} type="BUSINESS" />
    </>
  );
}
