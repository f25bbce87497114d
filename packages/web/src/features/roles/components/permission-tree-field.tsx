import type { MenuTreeNode } from '@factory/contracts';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { nodeKey, permissionTreeData, toggleKey } from '../permission-tree';
import './permission-tree-field.css';

const NO_KEYS: string[] = [];

/** Keys of the menus that hold other menus. */
function groupKeys(nodes: readonly MenuTreeNode[]): string[] {
  return nodes.flatMap((node) =>
    node.children.some((child) => child.type === 0) ? [nodeKey(node), ...groupKeys(node.children)] : [],
  );
}

interface PermissionTreeFieldProps {
  /** the grantable tree (grantableTree of the menu tree) */
  tree: readonly MenuTreeNode[];
  /** the checked keys (form value) */
  value?: string[];
  onChange?: (keys: string[]) => void;
}

/** The role panel's checkbox tree of menus and their buttons (seed 000 §6). */
export function PermissionTreeField({ tree, value = NO_KEYS, onChange }: PermissionTreeFieldProps) {
  const treeData = useMemo(() => permissionTreeData(tree), [tree]);
  // Groups open down to the pages; a page's buttons stay folded until it is opened.
  const expanded = useMemo(() => groupKeys(tree), [tree]);
  return (
    // A box of its own that scrolls, so the field's message below it stays in view.
    <div className="permission-tree-field">
      <Tree
        checkable
        // Not the plain cascade: a page's box is the page itself (see toggleKey).
        checkStrictly
        selectable={false}
        defaultExpandedKeys={expanded}
        treeData={treeData}
        checkedKeys={value}
        onCheck={(_checked, info) => onChange?.(toggleKey(tree, value, String(info.node.key), info.checked))}
      />
    </div>
  );
}
