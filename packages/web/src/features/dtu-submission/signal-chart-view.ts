/**
 * The geometry of the report's signal chart (seed 002 §2 /checkReport: a line chart in dB,
 * max and min marked, x labels numbered individually). Pure, so the tests read it directly;
 * components/signal-chart.tsx draws it as SVG, which prints sharp on A4 (a canvas would
 * print as a bitmap).
 */

export interface SignalPoint {
  /** 1-based position in test order: the x label */
  index: number;
  /** the unit (IMEI or MAC) */
  unit: string;
  /** dBm */
  value: number;
  x: number;
  y: number;
}

export interface SignalMark {
  /** both: a single point, or a flat series, is its own highest and lowest */
  kind: 'max' | 'min' | 'both';
  point: SignalPoint;
}

export const MARK_NAMES: Record<SignalMark['kind'], string> = { max: '最大值', min: '最小值', both: '最大值/最小值' };

export interface SignalChartLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  points: SignalPoint[];
  /** the y axis: values in dB and where they sit */
  yTicks: Array<{ value: number; y: number }>;
  /** the x labels drawn: each a point's own number, thinned to every `labelStep`-th when they would overlap */
  xLabels: Array<{ index: number; x: number }>;
  labelStep: number;
  /** the first highest and the first lowest value; one mark when every value is the same */
  marks: SignalMark[];
}

/** The chart's size in SVG units: the width of an A4 page's text (about 180 mm at 96 dpi). */
export const CHART_SIZE = { width: 680, height: 260 } as const;
const PLOT = { left: 52, right: 16, top: 28, bottom: 40 } as const;
/** The room an x label needs: its digits at 10 px (about 6 px each) and a gap. */
const labelRoomOf = (count: number) => String(count).length * 6 + 5;

/** The points of the report's map (unit → dBm), in the order the server sent them. */
export function signalPointsOf(gprs: Readonly<Record<string, number>>): Array<{ unit: string; value: number }> {
  return Object.entries(gprs)
    .filter(([, value]) => Number.isFinite(value))
    .map(([unit, value]) => ({ unit, value }));
}

/** Round steps of 1, 2, 5 × 10ⁿ dB, the first that splits the span into at most `count` parts. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/** The y range: the values' own, widened to whole steps with half a step to spare, at least 10 dB (a flat series still has an axis). */
function yRange(values: readonly number[]): { low: number; high: number; step: number } {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 10) {
    const middle = (high + low) / 2;
    low = middle - 5;
    high = middle + 5;
  }
  const step = niceStep(high - low, 5);
  let bottom = Math.floor(low / step) * step;
  let top = Math.ceil(high / step) * step;
  // room above the highest and below the lowest for their marks' text
  if (low - bottom < step / 2) bottom -= step;
  if (top - high < step / 2) top += step;
  return { low: bottom, high: top, step };
}

export function signalChartLayout(series: ReadonlyArray<{ unit: string; value: number }>, size = CHART_SIZE): SignalChartLayout {
  const plot = { left: PLOT.left, right: size.width - PLOT.right, top: PLOT.top, bottom: size.height - PLOT.bottom };
  const empty: SignalChartLayout = { ...size, plot, points: [], yTicks: [], xLabels: [], labelStep: 1, marks: [] };
  if (series.length === 0) return empty;

  const { low, high, step } = yRange(series.map((item) => item.value));
  const yOf = (value: number) => plot.bottom - ((value - low) / (high - low)) * (plot.bottom - plot.top);
  // one point sits in the middle; more spread from edge to edge
  const xOf = (position: number) =>
    series.length === 1 ? (plot.left + plot.right) / 2 : plot.left + (position * (plot.right - plot.left)) / (series.length - 1);
  const points = series.map((item, position) => ({ index: position + 1, unit: item.unit, value: item.value, x: xOf(position), y: yOf(item.value) }));

  const yTicks: SignalChartLayout['yTicks'] = [];
  for (let value = low; value <= high + step / 2; value += step) yTicks.push({ value: Math.round(value * 100) / 100, y: yOf(value) });

  const room = series.length === 1 ? Infinity : (plot.right - plot.left) / (series.length - 1);
  const labelRoom = labelRoomOf(series.length);
  const labelStep = Math.max(1, Math.ceil(labelRoom / room));
  const xLabels = points.filter((point) => (point.index - 1) % labelStep === 0).map((point) => ({ index: point.index, x: point.x }));
  // the last point always shows its number (how many units there are): beside the last
  // one shown, or in its place when the two would crowd
  const last = points[points.length - 1]!;
  const shown = xLabels[xLabels.length - 1]!;
  if (shown.index !== last.index) {
    if ((last.index - shown.index) * room < labelRoom) xLabels.pop();
    xLabels.push({ index: last.index, x: last.x });
  }

  let highest = points[0]!;
  let lowest = points[0]!;
  for (const point of points) {
    if (point.value > highest.value) highest = point;
    if (point.value < lowest.value) lowest = point;
  }
  const marks: SignalMark[] =
    highest.value === lowest.value
      ? [{ kind: 'both', point: highest }]
      : [
          { kind: 'max', point: highest },
          { kind: 'min', point: lowest },
        ];
  return { ...size, plot, points, yTicks, xLabels, labelStep, marks };
}
