import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { MSG } from '@factory/contracts';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../../features/session/api/logout';
import { useSession } from '../../lib/session-store';

/** The header's user dropdown: 修改密码 opens the dialog the layout owns; 退出登录 signs out. */
export function UserMenu({ onChangePassword }: { onChangePassword(): void }) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const userName = useSession((state) => state.user?.userName ?? '');
  const clearSession = useSession((state) => state.clear);

  const signOut = () => {
    modal.confirm({
      title: '提示',
      content: MSG.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // The server's answer does not matter: the session ends here either way.
        await logout().catch(() => undefined);
        clearSession();
        void message.success(MSG.loggedOut);
        navigate('/login', { replace: true });
      },
    });
  };

  const items: MenuProps['items'] = [
    { key: 'password', label: '修改密码' },
    { key: 'logout', label: '退出登录' },
  ];
  const choose: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') onChangePassword();
    else signOut();
  };

  return (
    <Dropdown menu={{ items, onClick: choose }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="shell-header__user">
        <UserOutlined aria-hidden />
        {userName}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
