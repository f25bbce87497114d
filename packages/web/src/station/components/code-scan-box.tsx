import { type KeyboardEvent, type RefObject, useEffect, useState } from 'react';

interface CodeScanBoxProps {
  /** what to scan, as a headline (请扫描设备入库) */
  prompt: string;
  placeholder: string;
  /** scans are being handled: the next ones wait their turn, none is lost */
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onScan: (code: string) => void;
}

/**
 * A PDA's scan field: one code at a time, typed by a keyboard-wedge scanner and
 * ended with Enter (or typed by hand). The field clears at once for the next scan;
 * it takes the focus when it appears, and useScanFocus gives it back after a tap.
 */
export function CodeScanBox({ prompt, placeholder, busy, inputRef, onScan }: CodeScanBoxProps) {
  const [text, setText] = useState('');
  // A new screen of a mode (a batch opened, back to the list) starts with the field ready for the scanner.
  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, [inputRef]);

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
    </section>
  );
}
