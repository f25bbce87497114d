import type { TerminalPad } from '@factory/contracts';
import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TerminalCard } from './terminal-card';
import './terminal-group.css';

interface TerminalGroupProps {
  title: string;
  /** shown after the title: the task's product model, the line code … */
  extra?: ReactNode;
  terminals: TerminalPad[];
  /** the group's detail page */
  detailUrl: string;
  onOpen(url: string): void;
  onEdit(terminal: TerminalPad): void;
  onUnbind(terminal: TerminalPad): void;
}

/** A titled group of terminal cards: 未使用, a production line, 已使用. */
export function TerminalGroup({ title, extra, terminals, detailUrl, onOpen, onEdit, onUnbind }: TerminalGroupProps) {
  return (
    <section className="terminal-group" aria-label={title}>
      <header className="terminal-group__header">
        <h3 className="terminal-group__title">{title}</h3>
        <span className="terminal-group__count">{terminals.length} 台</span>
        {extra}
        <Link className="terminal-group__more" to={detailUrl}>
          查看详情 <RightOutlined />
        </Link>
      </header>
      <div className="terminal-group__cards">
        {terminals.map((terminal) => (
          <TerminalCard
            key={terminal.padId}
            terminal={terminal}
            onOpen={() => onOpen(detailUrl)}
            onEdit={onEdit}
            onUnbind={onUnbind}
          />
        ))}
      </div>
    </section>
  );
}
