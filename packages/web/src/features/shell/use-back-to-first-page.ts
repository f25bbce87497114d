import { useNavigate } from 'react-router';
import { firstMenuUrl, useSession } from '../../lib/session-store';

/**
 * The way out of a page the user cannot use (not found, no permission): the first
 * real page of the user's menu, highlighted (seed 000 §2); without a session, or
 * with no page at all, the sign-in page.
 */
export function useBackToFirstPage(): () => void {
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const setActiveMenu = useSession((state) => state.setActiveMenu);
  return () => {
    const target = token ? firstMenuUrl() : null;
    if (!target) {
      navigate('/login', { replace: true });
      return;
    }
    setActiveMenu(target);
    navigate(target);
  };
}
