import { Empty } from 'antd';
import { MARK_NAMES, type SignalChartLayout, type SignalMark, signalChartLayout } from '../signal-chart-view';

/** Few enough points to draw each as a dot; past that the line alone reads better. */
const DOTS_UP_TO = 60;

const dbm = (value: number) => `${value} dBm`;

/**
 * 信号强度 (seed 002 §2 /checkReport): the batch's units in test order, numbered 1…n on
 * the x axis, their signal in dBm on the y axis, the highest and lowest marked. Own SVG
 * (no chart library on a printed page): it scales with the page and prints as lines.
 */
export function SignalChart({ series }: { series: ReadonlyArray<{ unit: string; value: number }> }) {
  if (series.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无信号强度数据" />;
  const layout = signalChartLayout(series);
  const { width, height, plot, points } = layout;
  const path = points.map((point, position) => `${position === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');

  return (
    <svg
      className="signal-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`信号强度折线图，共 ${points.length} 台`}
      preserveAspectRatio="xMidYMid meet"
    >
      <YAxis layout={layout} />
      <g className="signal-chart__x" aria-label="设备序号">
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        {layout.xLabels.map((label) => (
          <text key={label.index} x={label.x} y={plot.bottom + 16} textAnchor="middle">
            {label.index}
          </text>
        ))}
        <text className="signal-chart__axis-name" x={plot.right} y={height - 4} textAnchor="end">
          设备序号
        </text>
      </g>
      <path className="signal-chart__line" d={path} />
      {points.length <= DOTS_UP_TO &&
        points.map((point) => (
          <circle key={point.index} className="signal-chart__dot" cx={point.x} cy={point.y} r={2.5}>
            <title>{`${point.index}. ${point.unit}：${dbm(point.value)}`}</title>
          </circle>
        ))}
      {layout.marks.map((mark) => (
        <Mark key={mark.kind} mark={mark} layout={layout} />
      ))}
    </svg>
  );
}

function YAxis({ layout }: { layout: SignalChartLayout }) {
  const { plot } = layout;
  return (
    <g className="signal-chart__y" aria-label="信号强度（dBm）">
      {layout.yTicks.map((tick) => (
        <g key={tick.value}>
          <line className="signal-chart__grid" x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
          <text x={plot.left - 6} y={tick.y + 3.5} textAnchor="end">
            {tick.value}
          </text>
        </g>
      ))}
      <text className="signal-chart__axis-name" x={4} y={plot.top - 12}>
        dBm
      </text>
    </g>
  );
}

/** A marked point: a ring, and its name and value above it (the lowest: below), kept inside the plot. */
function Mark({ mark, layout }: { mark: SignalMark; layout: SignalChartLayout }) {
  const { point } = mark;
  const { plot } = layout;
  const below = mark.kind === 'min';
  const anchor = point.x - plot.left < 60 ? 'start' : plot.right - point.x < 60 ? 'end' : 'middle';
  const text = `${MARK_NAMES[mark.kind]} ${dbm(point.value)}`;
  return (
    <g className={`signal-chart__mark signal-chart__mark--${mark.kind}`} aria-label={text}>
      <circle cx={point.x} cy={point.y} r={5} />
      <text x={point.x} y={below ? point.y + 16 : point.y - 9} textAnchor={anchor}>
        {text}（{point.index}）
      </text>
    </g>
  );
}
