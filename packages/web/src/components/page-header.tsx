import { Breadcrumb, Typography } from 'antd';
import type { ReactNode } from 'react';
import './page-header.css';

interface PageHeaderProps {
  title: string;
  /** the breadcrumb trail, e.g. ['平台管理', '产线管理'] (seed 000 §2) */
  breadcrumb?: readonly string[];
  /** buttons or counters shown at the right of the title */
  extra?: ReactNode;
}

/** The title block every console page starts with: breadcrumb, page title, actions. */
export function PageHeader({ title, breadcrumb, extra }: PageHeaderProps) {
  return (
    <div className="page-header">
      {breadcrumb && breadcrumb.length > 0 && (
        <Breadcrumb className="page-header__breadcrumb" items={breadcrumb.map((name) => ({ title: name }))} />
      )}
      <div className="page-header__row">
        <Typography.Title level={4} className="page-header__title">
          {title}
        </Typography.Title>
        {extra && <div className="page-header__extra">{extra}</div>}
      </div>
    </div>
  );
}
