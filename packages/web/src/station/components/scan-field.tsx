import { type KeyboardEvent, type RefObject, useState } from 'react';

export interface ScanFieldProps {
  /** what to scan, as a headline (请扫描设备入库) */
  prompt: string;
  placeholder: string;
  /** a scan is being handled: the next ones wait their turn, none is lost */
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onScan: (code: string) => void;
}

/**
 * The field a keyboard-wedge scanner types into: it sends the code's characters and
 * then Enter (or a worker types it by hand). The field clears at once for the next scan.
 */
export function ScanField({ prompt, placeholder, busy, inputRef, onScan }: ScanFieldProps) {
  const [text, setText] = useState('');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const scanned = text.trim();
    setText('');
    if (scanned) onScan(scanned);
  };

  return (
    <label className="scan-box__field">
      <span className="scan-box__prompt">{prompt}</span>
      <input
        ref={inputRef}
        className="scan-box__input"
        aria-label="扫码"
        aria-busy={busy}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="done"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </label>
  );
}
