import type { RefObject } from 'react';
import { ScanField } from './scan-field';

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
 * The test form's scan field (ScanField: a keyboard-wedge scanner types a code and
 * Enter) above the codes scanned so far, each with 重扫. It keeps the focus whenever
 * no other field needs it (work-area).
 */
export function ScanBox({ labels, codes, checking, inputRef, onScan, onRedo }: ScanBoxProps) {
  const next = labels[codes.length];

  return (
    <section className="scan-box">
      <ScanField
        prompt={checking !== null ? '正在校验生产码…' : next ? `请扫描${next}` : '扫码完成'}
        placeholder={next ? `扫描或输入${next}后按回车` : '扫描下一台设备前请先提交或重扫'}
        busy={checking !== null}
        inputRef={inputRef}
        onScan={onScan}
      />
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
