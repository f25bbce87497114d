import { Layout } from 'antd';
import { APP_TITLE } from '../../lib/app-title';

export function ShellFooter() {
  return (
    <Layout.Footer className="shell-footer">
      <span>© 2026 {APP_TITLE} 版权所有</span>
      <span>ICP备案号：京ICP备00000000号</span>
    </Layout.Footer>
  );
}
