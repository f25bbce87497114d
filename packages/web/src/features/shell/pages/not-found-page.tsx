import { MSG } from '@factory/contracts';
import { Button } from 'antd';
import { useBackToFirstPage } from '../use-back-to-first-page';
import './not-found-page.css';

export function NotFoundPage() {
  const goBack = useBackToFirstPage();
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
