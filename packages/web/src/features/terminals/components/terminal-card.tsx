import type { TerminalPad } from '@factory/contracts';
import { Button, Tag } from 'antd';
import type { MouseEvent } from 'react';
import { useHasFun } from '../../../lib/session-store';
import { canBeUnbound, statusColor, statusName, TERMINAL_MENU, workLines } from '../terminal-view';
import { TerminalPicture } from './terminal-picture';
import './terminal-card.css';

interface TerminalCardProps {
  terminal: TerminalPad;
  /** clicking the card outside its buttons opens its group's detail page */
  onOpen(): void;
  onEdit(terminal: TerminalPad): void;
  onUnbind(terminal: TerminalPad): void;
}

/** One terminal: model picture, name, ID, what it is doing and who uses it; 编辑 and 解绑 on hover. */
export function TerminalCard({ terminal, onOpen, onEdit, onUnbind }: TerminalCardProps) {
  const canEdit = useHasFun(TERMINAL_MENU, 'edit');
  const canUnbind = useHasFun(TERMINAL_MENU, 'unbind') && canBeUnbound(terminal);
  const work = workLines(terminal);

  // The buttons act on the terminal; only the rest of the card opens the group.
  const act = (action: (terminal: TerminalPad) => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action(terminal);
  };

  return (
    <article className="terminal-card" aria-label={terminal.padName} onClick={onOpen}>
      <div className="terminal-card__picture">
        <TerminalPicture terminal={terminal} />
      </div>
      <div className="terminal-card__body">
        <div className="terminal-card__heading">
          <span className="terminal-card__name" title={terminal.padName}>
            {terminal.padName}
          </span>
          {/* for an idle PAD this is the 空闲 the specification asks for */}
          <Tag className="terminal-card__status" color={statusColor(terminal.status)} variant="filled">
            {statusName(terminal.status)}
          </Tag>
        </div>
        <div className="terminal-card__row">
          <span className="terminal-card__label">ID</span>
          <span className="terminal-card__value" title={terminal.padCode}>
            {terminal.padCode}
          </span>
        </div>
        {work.map((line) => (
          <div className="terminal-card__row" key={line.label}>
            <span className="terminal-card__label">{line.label}</span>
            <span className="terminal-card__value" title={line.value}>
              {line.value}
            </span>
          </div>
        ))}
        {terminal.padWorker && (
          <div className="terminal-card__row">
            <span className="terminal-card__label">使用人</span>
            <span className="terminal-card__value" title={terminal.padWorker}>
              {terminal.padWorker}
            </span>
          </div>
        )}
      </div>
      {(canEdit || canUnbind) && (
        <div className="terminal-card__actions">
          {canEdit && (
            <Button size="small" onClick={act(onEdit)}>
              编辑
            </Button>
          )}
          {canUnbind && (
            <Button size="small" danger onClick={act(onUnbind)}>
              解绑
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
