import { Card, Typography } from 'antd';
import { useCurrentPage } from '../../../lib/page-handle';
import './placeholder-page.css';

/** Stands in for a page a later issue builds, so its route, title and menu highlight already work. */
export function PlaceholderPage() {
  const page = useCurrentPage();
  return (
    <Card title={<h2 className="placeholder-page__title">{page?.title}</h2>} className="placeholder-page">
      <Typography.Text type="secondary">该页面正在建设中</Typography.Text>
    </Card>
  );
}
