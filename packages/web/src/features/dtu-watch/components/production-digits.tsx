import { productionDigits } from '../board-format';

/** A production count in digit tiles: 0,120 (seed 002 §9: zero-padded to 4, grouped by thousands). */
export function ProductionDigits({ label, count }: { label: string; count: number }) {
  const text = productionDigits(count);
  return (
    <div className="dtu-board-digits" role="group" aria-label={label} data-value={text}>
      {text.split('').map((char, index) =>
        char === ',' ? (
          <span key={index} className="dtu-board-digits__comma">
            ,
          </span>
        ) : (
          <span key={index} className="dtu-board-digits__digit">
            {char}
          </span>
        ),
      )}
    </div>
  );
}
