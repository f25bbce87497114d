import { Button } from 'antd';
import { useBackToFirstPage } from '../use-back-to-first-page';
import './not-found-page.css';

export const NO_PERMISSION_TITLE = '无权限';
export const NO_PERMISSION_TEXT = '您的角色没有该页面的权限，如需使用请联系管理员';

/**
 * What the guard shows instead of a page whose menu (or opening button) the role
 * lacks. The page itself is never mounted, so it makes no call that the server
 * would refuse: one message here instead of each page's own empty table or toast.
 */
export function NoPermissionPage() {
  const goBack = useBackToFirstPage();
  return (
    <section className="not-found" role="alert" aria-label={NO_PERMISSION_TITLE}>
      <div className="not-found__code" aria-hidden>
        403
      </div>
      <h2 className="not-found__title">{NO_PERMISSION_TITLE}</h2>
      <p className="not-found__text">{NO_PERMISSION_TEXT}</p>
      <Button type="primary" onClick={goBack}>
        返回首页
      </Button>
    </section>
  );
}
