import { MSG } from '@factory/contracts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { firstMenuUrl, useSession } from '../../../lib/session-store';
import './not-found-page.css';

export function NotFoundPage() {
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const setActiveMenu = useSession((state) => state.setActiveMenu);

  // seed 000 §2: back to the first real page of the user's menu, highlighted; without a session, to sign-in.
  const goBack = () => {
    const target = token ? firstMenuUrl() : null;
    if (!target) {
      navigate('/login', { replace: true });
      return;
    }
    setActiveMenu(target);
    navigate(target);
  };

  return (
    <section className="not-found">
      <div className="not-found__code" aria-hidden>
        404
      </div>
      <p className="not-found__text">{MSG.pageNotFound}</p>
      <Button type="primary" onClick={goBack}>
        返回
      </Button>
    </section>
  );
}
