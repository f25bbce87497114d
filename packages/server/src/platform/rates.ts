// Rates as the board shows them and the data center sums them up.

/** A rate 0–1 kept to `hold` decimals; 0 when nothing was counted. */
export function rateOf(part: number, whole: number, hold: number): number {
  if (whole <= 0) return 0;
  return rounded(part / whole, hold);
}

export const rounded = (rate: number, hold: number) => Math.round(rate * 10 ** hold) / 10 ** hold;
