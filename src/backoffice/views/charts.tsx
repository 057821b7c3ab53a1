// Charts drawn on the server as SVG (docs/backoffice.md, "Store overview"): no script and no style attribute (the
// CSP allows neither), printable, and readable without the picture: each is an image named by its <title> and
// described by a <desc>, followed by the same figures as a table whose rows link where the chart's bars would.

export interface Bar {
  /** What the bar is (a day, a stage, an option), in the table's first column and on the chart. */
  label: string;
  value: number;
  /** The value as shown. */
  text: string;
  /** The filtered quote list behind the figure. */
  href: string;
}

interface ChartProps {
  id: string;
  title: string;
  /** One sentence saying what the chart shows, for screen readers (its <desc>) and under it. */
  description: string;
  columns: [string, string];
  bars: Bar[];
}

function ChartTable({ id, title, columns, bars }: ChartProps) {
  return (
    <details class="chart-table">
      <summary>{`${title}: the table`}</summary>
      <div class="table-wrap">
        <table aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col" class="num">
                {columns[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr>
                <th scope="row">
                  <a href={b.href}>{b.label}</a>
                </th>
                <td class="num" data-label={columns[1]}>
                  {b.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const W = 640;
const H = 220;
const AXIS = 28;

/** Bars standing on a time axis (the trend of won value), the first, middle and last buckets named under it. */
export function ColumnChart(props: ChartProps & { axisLabel: (bar: Bar) => string }) {
  const { id, title, description, bars, axisLabel } = props;
  const max = Math.max(...bars.map((b) => b.value), 0);
  const slot = W / Math.max(bars.length, 1);
  const named = new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1]);
  return (
    <figure class="chart" id={id}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} class="chart-svg">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line class="axis" x1="0" y1={H - AXIS} x2={W} y2={H - AXIS} />
        {bars.map((b, i) => {
          const h = max === 0 ? 0 : Math.max(((H - AXIS - 16) * b.value) / max, b.value > 0 ? 2 : 0);
          return (
            <rect
              class="bar"
              x={(i * slot + slot * 0.15).toFixed(1)}
              y={(H - AXIS - h).toFixed(1)}
              width={(slot * 0.7).toFixed(1)}
              height={h.toFixed(1)}
            />
          );
        })}
        {bars.map((b, i) =>
          named.has(i) ? (
            <text
              class="tick"
              x={(i * slot + slot / 2).toFixed(1)}
              y={H - 8}
              text-anchor={i === 0 ? 'start' : i === bars.length - 1 ? 'end' : 'middle'}
            >
              {axisLabel(b)}
            </text>
          ) : null,
        )}
        {max > 0 && (
          <text class="tick" x="4" y="12">
            {bars.find((b) => b.value === max)?.text}
          </text>
        )}
      </svg>
      <figcaption>{description}</figcaption>
      <ChartTable {...props} />
    </figure>
  );
}

const ROW = 46;
const HW = 360;
const LONGEST = 48;

/**
 * Horizontal bars, each under its label with its value after it (the funnel, the option shares). Narrow, so that
 * on a phone its text is drawn near its own size.
 */
export function BarChart(props: ChartProps & { max?: number }) {
  const { id, title, description, bars } = props;
  const max = props.max ?? Math.max(...bars.map((b) => b.value), 0);
  const height = Math.max(bars.length, 1) * ROW;
  const room = HW - 90;
  return (
    <figure class="chart" id={id}>
      <svg viewBox={`0 0 ${HW} ${height}`} role="img" aria-labelledby={`${id}-title`} class="chart-svg bars">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {bars.map((b, i) => {
          const w = max === 0 ? 0 : Math.max((room * b.value) / max, b.value > 0 ? 2 : 0);
          const y = i * ROW;
          return (
            <g>
              <text class="label" x="0" y={y + 15}>
                {b.label.length > LONGEST ? `${b.label.slice(0, LONGEST - 1)}…` : b.label}
              </text>
              <rect class="bar" x="0" y={y + 22} width={w.toFixed(1)} height={16} />
              <text class="value" x={(w + 6).toFixed(1)} y={y + 35}>
                {b.text}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>{description}</figcaption>
      <ChartTable {...props} />
    </figure>
  );
}
