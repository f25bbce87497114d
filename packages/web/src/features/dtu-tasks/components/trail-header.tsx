import { Breadcrumb, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Crumb } from '../dtu-tasks-view';
import '../../../components/page-header.css';

interface TrailHeaderProps {
  title: string;
  /** every level down to this page; each with an address is a link back */
  trail: readonly Crumb[];
  extra?: ReactNode;
}

/** The shared page header's look, with a breadcrumb whose levels lead back to their pages (seed 002 §2). */
export function TrailHeader({ title, trail, extra }: TrailHeaderProps) {
  const items = trail.map((crumb) => ({ title: crumb.to ? <Link to={crumb.to}>{crumb.name}</Link> : crumb.name }));
  return (
    <div className="page-header">
      <Breadcrumb className="page-header__breadcrumb" items={items} />
      <div className="page-header__row">
        <Typography.Title level={4} className="page-header__title">
          {title}
        </Typography.Title>
        {extra && <div className="page-header__extra">{extra}</div>}
      </div>
    </div>
  );
}
