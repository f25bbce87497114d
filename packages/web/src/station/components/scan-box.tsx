import { type KeyboardEvent, type RefObject, useState } from 'react';

interface ScanBoxProps {
  /** what to scan, in order (生产码, then SN码, MAC or IMEI) */
  labels: string[];
  codes: string[];
  /** the production code being checked with the server, if any */
  checking: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onScan: (text: string) => void;
  /** scan the code at this position again (and the ones after it) */
  onRedo: (index: number) => void;
}

/**
 * The field a keyboard-wedge scanner types into: it sends the code's characters
 * and then Enter. It keeps the focus whenever no other field needs it (work-area).
 */
export function ScanBox({ labels, codes, checking, inputRef, onScan, onRedo }: ScanBoxProps) {
  const [text, setText] = useState('');
  const next = labels[codes.length];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const scanned = text.trim();
    setText('');
    if (scanned) onScan(scanned);
  };

  return (
    <section className="scan-box">
      <label className="scan-box__field">
        <span className="scan-box__prompt">{checking !== null ? '正在校验生产码…' : next ? `请扫描${next}` : '扫码完成'}</span>
        <input
          ref={inputRef}
          className="scan-box__input"
          aria-label="扫码"
          aria-busy={checking !== null}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="done"
          value={text}
          placeholder={next ? `扫描或输入${next}后按回车` : '扫描下一台设备前请先提交或重扫'}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <ol className="scan-steps">
        {labels.map((label, index) => {
          const code = codes[index];
          const state = code !== undefined ? 'done' : index === codes.length ? 'current' : 'todo';
          return (
            <li key={label} className={`scan-step scan-step--${state}`} aria-label={label}>
              <span className="scan-step__label">{label}</span>
              <span className="scan-step__code">{code ?? (state === 'current' ? '待扫描' : '—')}</span>
              {code !== undefined && (
                <button type="button" className="scan-step__redo" onClick={() => onRedo(index)}>
                  重扫
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
