import { counterDigits } from '../dashboard-view';

/** A counter with each digit in its own tile, padded to at least 4 digits (seed 000 §9). */
export function DigitCounter({ label, value }: { label: string; value: number }) {
  return (
    <div className="digit-counter" role="group" aria-label={label}>
      {counterDigits(value).map((digit, index) => (
        <span key={index} className="digit-counter__digit">
          {digit}
        </span>
      ))}
    </div>
  );
}
