import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import './catalogue-card.css';

/** A hover action of a card; the caller leaves out those the role does not hold. */
export interface CardAction {
  name: string;
  onClick(): void;
  danger?: boolean;
}

interface CatalogueCardProps {
  /** the card's accessible name (the part's description, the DTU's model) */
  label: string;
  imageUrl: string | null;
  imageAlt: string;
  heading: ReactNode;
  children?: ReactNode;
  actions: readonly CardAction[];
}

/** One card of a catalogue grid (parts, a part’s DTUs, communication modules): picture, heading, facts, and actions on hover. */
export function CatalogueCard({ label, imageUrl, imageAlt, heading, children, actions }: CatalogueCardProps) {
  return (
    <article className="catalogue-card" aria-label={label}>
      <div className="catalogue-card__image">
        {imageUrl ? <img src={imageUrl} alt={imageAlt} loading="lazy" /> : <PictureOutlined aria-label="暂无图片" />}
      </div>
      <div className="catalogue-card__body">
        <div className="catalogue-card__heading">{heading}</div>
        {children}
      </div>
      {actions.length > 0 && (
        <div className="catalogue-card__actions">
          {actions.map(({ name, onClick, danger }) => (
            <Button key={name} size="small" type={danger ? 'default' : 'primary'} ghost={!danger} danger={danger} onClick={onClick}>
              {name}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}

/** The dashed card that opens the add panel. */
export function AddCard({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="catalogue-card-add" aria-label={label} onClick={onClick}>
      <PlusOutlined aria-hidden />
      {label}
    </button>
  );
}

/** A label and its value on a card. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="catalogue-card__field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
