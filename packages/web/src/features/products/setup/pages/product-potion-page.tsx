import { MSG, type Product, type Property } from '@factory/contracts';
import { App, Button, Card, Empty, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { runWithFeedback, showApiError } from '../../../../lib/api-client';
import { tablePagination, type Paging } from '../../../../lib/paging';
import { useQueryError } from '../../../../lib/use-query-error';
import { useDeleteProperty } from '../api/delete-property';
import { useExportProperties } from '../api/export-properties';
import { useProperties } from '../api/get-properties';
import { PropertyDrawer } from '../components/property-drawer';
import { SetupFrame } from '../components/setup-frame';
import { PRODUCT_MENU, PROPERTY_PAGE_SIZES, propertyDefinition, stepPath } from '../setup-view';

/** /productPotion?id 属性定义, step 1 of the product setup (seed 001 §2). */
export function ProductPotionPage() {
  return (
    <SetupFrame title="属性定义" step={0}>
      {(product, editable) => <PropertyStep product={product} editable={editable} />}
    </SetupFrame>
  );
}

interface DrawerState {
  open: boolean;
  /** a new panel (and form) for every opening */
  session: number;
  property: Property | null;
}

const FIRST_PAGE: Paging = { page: 1, pageSize: PROPERTY_PAGE_SIZES[0] };

function PropertyStep({ product, editable }: { product: Product; editable: boolean }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, session: 0, property: null });
  const properties = useProperties({ productId: product.id, ...paging });
  useQueryError(properties.error);
  const deleteProperty = useDeleteProperty(product.id);
  const exportJson = useExportProperties();

  const rows = properties.data?.list ?? [];
  const total = properties.data?.total ?? 0;
  // Deleting the last row of the last page leaves an empty page: step back to the last one that has rows.
  useEffect(() => {
    if (properties.data && properties.data.list.length === 0 && paging.page > 1 && total > 0) {
      setPaging((current) => ({ ...current, page: Math.max(1, Math.ceil(total / current.pageSize)) }));
    }
  }, [properties.data, paging.page, total]);

  const openDrawer = (property: Property | null) =>
    setDrawer((current) => ({ open: true, session: current.session + 1, property }));

  const remove = (property: Property) =>
    modal.confirm({
      title: MSG.propertyDeleteConfirm,
      content: `删除后，检测该属性的流程需要重新编辑。`,
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => deleteProperty.mutateAsync(property.id), MSG.propertyDeleted),
    });

  const exportProperties = () =>
    exportJson.mutate(product.id, { onError: (error) => showApiError(error) });

  const columns: TableColumnsType<Property> = [
    {
      title: '序号',
      key: 'index',
      width: 72,
      render: (_value, _row, index) => (paging.page - 1) * paging.pageSize + index + 1,
    },
    { title: '属性名称', dataIndex: 'name', key: 'name', width: 180, ellipsis: true },
    { title: '标识符', dataIndex: 'code', key: 'code', width: 180, ellipsis: true },
    { title: '数据类型', dataIndex: 'dataTypeName', key: 'dataTypeName', width: 130 },
    { title: '数据定义', key: 'definition', ellipsis: true, render: (_value, property) => propertyDefinition(property) },
    { title: '描述', dataIndex: 'description', key: 'description', ellipsis: true },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_value: unknown, property: Property) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => openDrawer(property)}>
                  编辑
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(property)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card
        variant="borderless"
        title={`属性列表（${total}）`}
        extra={
          <Space>
            {editable && (
              <Button type="primary" onClick={() => openDrawer(null)}>
                新增
              </Button>
            )}
            <Button loading={exportJson.isPending} onClick={exportProperties}>
              导出JSON
            </Button>
          </Space>
        }
      >
        <Table<Property>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={properties.isFetching}
          pagination={tablePagination(paging, total, setPaging, PROPERTY_PAGE_SIZES)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无自定义属性" /> }}
        />
        <div className="setup-footer">
          <Button onClick={() => void navigate(PRODUCT_MENU)}>关闭</Button>
          <Button type="primary" onClick={() => void navigate(stepPath('/productFlow', product.id))}>
            下一步
          </Button>
        </div>
      </Card>
      <PropertyDrawer
        key={drawer.session}
        open={drawer.open}
        productId={product.id}
        property={drawer.property}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
