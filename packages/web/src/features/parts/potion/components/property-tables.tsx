import { type AutoProperty, type Dtu, type OtherProperty, type SerialProperty, VERIFY_RULE_NAMES } from '@factory/contracts';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { Paging } from '../../../../lib/paging';
import { useAutoProperties, useOtherProperties, useSerialProperties } from '../api/get-properties';
import { autoStandard, EMPTY, serialStandard } from '../potion-view';
import { AutoPropertyDrawer } from './auto-property-drawer';
import { OtherPropertyDrawer } from './other-property-drawer';
import { FIRST_PROPERTY_PAGE, PropertyTableCard } from './property-table-card';
import { SerialPropertyDrawer } from './serial-property-drawer';

interface PropertyTableProps {
  dtu: Dtu;
  readOnly: boolean;
}

interface DrawerState<Row> {
  open: boolean;
  /** a new panel (and form) for every opening */
  session: number;
  property: Row | null;
}

/** A table's page and its add/edit panel. */
function useTableState<Row>(dtuId: number) {
  const [paging, setPaging] = useState<Paging>(FIRST_PROPERTY_PAGE);
  const [drawer, setDrawer] = useState<DrawerState<Row>>({ open: false, session: 0, property: null });
  const query = useMemo(() => ({ dtuId, page: paging.page, pageSize: paging.pageSize }), [dtuId, paging]);
  return {
    paging,
    setPaging,
    query,
    drawer,
    openDrawer: (property: Row | null) => setDrawer((current) => ({ open: true, session: current.session + 1, property })),
    closeDrawer: () => setDrawer((current) => ({ ...current, open: false })),
  };
}

const orDash = (text: string | null) => text || EMPTY;

const SERIAL_COLUMNS: TableColumnsType<SerialProperty> = [
  { title: '属性名称', dataIndex: 'name', key: 'name', ellipsis: true },
  { title: '标识符', dataIndex: 'code', key: 'code', ellipsis: true },
  { title: '校验方式', dataIndex: 'verifyRule', key: 'verifyRule', width: 100, render: (rule: SerialProperty['verifyRule']) => VERIFY_RULE_NAMES[rule] },
  { title: '检测标准', key: 'standard', render: (_value, property) => serialStandard(property) },
];

/** 串口检测属性: only a bluetooth DTU has them (the page decides). */
export function SerialPropertyTable({ dtu, readOnly }: PropertyTableProps) {
  const table = useTableState<SerialProperty>(dtu.id);
  const list = useSerialProperties(table.query);
  return (
    <>
      <PropertyTableCard<SerialProperty>
        kind="serial"
        title="串口检测属性"
        dtuId={dtu.id}
        readOnly={readOnly}
        columns={SERIAL_COLUMNS}
        list={list}
        paging={table.paging}
        onPaging={table.setPaging}
        onAdd={() => table.openDrawer(null)}
        onEdit={table.openDrawer}
      />
      <SerialPropertyDrawer
        key={table.drawer.session}
        open={table.drawer.open}
        dtuId={dtu.id}
        communicationType={dtu.communicationType}
        property={table.drawer.property}
        onClose={table.closeDrawer}
      />
    </>
  );
}

const AUTO_COLUMNS: TableColumnsType<AutoProperty> = [
  { title: '属性名称', dataIndex: 'name', key: 'name', ellipsis: true },
  { title: '标识符', dataIndex: 'code', key: 'code', ellipsis: true },
  { title: '数据类型', dataIndex: 'dataTypeName', key: 'dataTypeName', width: 140 },
  { title: '检测标准', key: 'standard', ellipsis: true, render: (_value, property) => autoStandard(property) },
  { title: '描述', dataIndex: 'description', key: 'description', ellipsis: true, render: orDash },
];

/** 自动检测属性: the values the DTU reports, each with its standard. */
export function AutoPropertyTable({ dtu, readOnly }: PropertyTableProps) {
  const table = useTableState<AutoProperty>(dtu.id);
  const list = useAutoProperties(table.query);
  return (
    <>
      <PropertyTableCard<AutoProperty>
        kind="auto"
        title="自动检测属性"
        dtuId={dtu.id}
        readOnly={readOnly}
        columns={AUTO_COLUMNS}
        list={list}
        paging={table.paging}
        onPaging={table.setPaging}
        onAdd={() => table.openDrawer(null)}
        onEdit={table.openDrawer}
      />
      <AutoPropertyDrawer
        key={table.drawer.session}
        open={table.drawer.open}
        dtuId={dtu.id}
        communicationType={dtu.communicationType}
        property={table.drawer.property}
        onClose={table.closeDrawer}
      />
    </>
  );
}

const OTHER_COLUMNS: TableColumnsType<OtherProperty> = [
  { title: '检测类别', dataIndex: 'category', key: 'category', ellipsis: true },
  { title: '检测项目', dataIndex: 'property', key: 'property', ellipsis: true },
  { title: '检测工具', dataIndex: 'checkTool', key: 'checkTool', ellipsis: true },
  { title: '检测标准', dataIndex: 'checkStandard', key: 'checkStandard', ellipsis: true },
];

/** 其他检测属性: checks people make on a batch's samples. */
export function OtherPropertyTable({ dtu, readOnly }: PropertyTableProps) {
  const table = useTableState<OtherProperty>(dtu.id);
  const list = useOtherProperties(table.query);
  return (
    <>
      <PropertyTableCard<OtherProperty>
        kind="other"
        title="其他检测属性"
        dtuId={dtu.id}
        readOnly={readOnly}
        columns={OTHER_COLUMNS}
        list={list}
        paging={table.paging}
        onPaging={table.setPaging}
        onAdd={() => table.openDrawer(null)}
        onEdit={table.openDrawer}
      />
      <OtherPropertyDrawer
        key={table.drawer.session}
        open={table.drawer.open}
        dtuId={dtu.id}
        property={table.drawer.property}
        onClose={table.closeDrawer}
      />
    </>
  );
}
