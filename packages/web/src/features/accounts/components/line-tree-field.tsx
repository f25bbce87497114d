import type { BodyIn, LineTree, USER_ENDPOINTS } from '@factory/contracts';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';

/** The lines of one factory a user is tied to, as user_create takes them. */
type FactoryLines = NonNullable<BodyIn<typeof USER_ENDPOINTS.userCreate>['facLineVos']>[number];

const ALL_KEY = 'all';
const factoryKey = (id: number) => `factory-${id}`;
const lineKey = (id: number) => `line-${id}`;
const LINE_PREFIX = 'line-';

/** The factories → lines tree under a select-all root (seed 000 §2: user panel). */
export function lineTreeData(factories: LineTree): TreeDataNode[] {
  return [
    {
      key: ALL_KEY,
      title: '全部产线',
      children: factories.map((factory) => ({
        key: factoryKey(factory.factoryId),
        title: factory.factoryName,
        // A factory without lines has nothing to grant.
        disableCheckbox: factory.lineList.length === 0,
        children: factory.lineList.map((line) => ({ key: lineKey(line.id), title: `${line.lineName}（${line.lineNum}）` })),
      })),
    },
  ];
}

/** The checked lines grouped by factory, as user_create and user_edit take them. */
export function factoryLinesOf(factories: LineTree, lineIds: readonly number[]): FactoryLines[] {
  const chosen = new Set(lineIds);
  return factories
    .map((factory) => ({
      factoryId: factory.factoryId,
      lineId: factory.lineList.map((line) => line.id).filter((id) => chosen.has(id)),
    }))
    .filter((entry) => entry.lineId.length > 0);
}

interface LineTreeFieldProps {
  factories: LineTree;
  /** the checked line ids (form value) */
  loading?: boolean;
  value?: number[];
  onChange?: (lineIds: number[]) => void;
}

/** A checkable tree form control whose value is the list of chosen line ids. */
const NO_LINES: number[] = [];

export function LineTreeField({ factories, loading = false, value = NO_LINES, onChange }: LineTreeFieldProps) {
  const treeData = useMemo(() => lineTreeData(factories), [factories]);
  const checkedKeys = useMemo(() => value.map(lineKey), [value]);

  if (loading) return <Spin size="small" />;
  if (factories.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可分配的产线" />;

  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      treeData={treeData}
      checkedKeys={checkedKeys}
      onCheck={(checked) => {
        const keys = Array.isArray(checked) ? checked : checked.checked;
        onChange?.(
          keys
            .map(String)
            .filter((key) => key.startsWith(LINE_PREFIX))
            .map((key) => Number(key.slice(LINE_PREFIX.length))),
        );
      }}
    />
  );
}
