import { useEffect } from 'react';
import { ScanField, type ScanFieldProps } from './scan-field';

/**
 * A PDA's scan field: one code at a time, typed by a keyboard-wedge scanner and
 * ended with Enter (or typed by hand). The field clears at once for the next scan;
 * it takes the focus when it appears, and useScanFocus gives it back after a tap.
 */
export function CodeScanBox(props: ScanFieldProps) {
  const { inputRef } = props;
  // A new screen of a mode (a batch opened, back to the list) starts with the field ready for the scanner.
  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, [inputRef]);

  return (
    <section className="scan-box">
      <ScanField {...props} />
    </section>
  );
}
