import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { buildMenuTree, GROUP_URL, type MenuNode } from '../../lib/session-menus';
import { useSession } from '../../lib/session-store';

type MenuItem = Required<MenuProps>['items'][number];

// Pages are keyed by their url so the selected key is simply the active menu url.
function toItem(node: MenuNode): MenuItem {
  const { menu, children } = node;
  if (menu.url === GROUP_URL) {
    return { key: `group-${menu.id}`, label: menu.name, children: children.map(toItem) };
  }
  return { key: menu.url, label: menu.name };
}

/** The top menu of up to three levels, from the session's menus (APP menus already left out). */
export function HeaderMenu({ selectedUrl }: { selectedUrl: string | null }) {
  const navigate = useNavigate();
  const menus = useSession((state) => state.menus);
  const setActiveMenu = useSession((state) => state.setActiveMenu);
  const items = useMemo(() => buildMenuTree(menus).map(toItem), [menus]);

  const open: MenuProps['onClick'] = ({ key }) => {
    setActiveMenu(key);
    navigate(key);
  };

  return (
    <Menu
      className="shell-header__menu"
      mode="horizontal"
      theme="dark"
      items={items}
      selectedKeys={selectedUrl ? [selectedUrl] : []}
      onClick={open}
      aria-label="主菜单"
    />
  );
}
