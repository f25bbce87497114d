import { ArrowLeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import './page-header.css';

/** A level of the breadcrumb: its name, and where it leads (none for the page itself or an unknown level). */
export interface Crumb {
  name: string;
  to?: string;
}

interface TrailPageHeaderProps {
  title: string;
  /** the levels above this page; each with an address is a link */
  trail: readonly Crumb[];
  /** where 返回 goes */
  backTo: string;
  extra?: ReactNode;
}

/**
 * The header of pages reached through others (the DTU task pages, seed 002 §2): the
 * shared header's look, with a breadcrumb whose levels lead back (as /checkLog's: each
 * level names its page), and 返回.
 */
export function TrailPageHeader({ title, trail, backTo, extra }: TrailPageHeaderProps) {
  const navigate = useNavigate();
  const items = [...trail, { name: title }].map((crumb) => ({
    title: 'to' in crumb && crumb.to ? <Link to={crumb.to}>{crumb.name}</Link> : crumb.name,
  }));
  return (
    <div className="page-header">
      <Breadcrumb className="page-header__breadcrumb" items={items} />
      <div className="page-header__row">
        <Typography.Title level={4} className="page-header__title">
          {title}
        </Typography.Title>
        <div className="page-header__extra">
          {extra}
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(backTo)}>
            返回
          </Button>
        </div>
      </div>
    </div>
  );
}
