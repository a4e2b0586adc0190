import { useId } from 'react';
import { valueAxis } from './chart-scale';
import styles from './bar-chart.module.css';

export interface BarChartDatum {
  /** Shown under the bar ('Jun 25'). */
  label: string;
  value: number;
}

export interface BarChartProps {
  /** What the bars count, in words: it names the chart and its table ('Orders per month'). */
  title: string;
  data: readonly BarChartDatum[];
  /** How a value reads on the axis, in the tooltip and in the table (a count by default; naira for money). */
  formatValue?: (value: number) => string;
  /** How the axis's ticks read, when shorter than formatValue (₦20K for ₦20,000.00). */
  formatAxis?: (value: number) => string;
  /** 'blue' (default), 'green' or 'orange'. */
  tone?: 'blue' | 'green' | 'orange';
}

const count = new Intl.NumberFormat('en-NG');

/**
 * Bars drawn with HTML and CSS (no chart library: a 12-bar chart is a few rules of layout, and chart.js cost
 * the dashboard 47 KB of its 150 KB budget). The drawing is one image to assistive technology, named with the
 * largest value; the figures are in a table under 'Show the figures', for everyone and for screen readers.
 */
export function BarChart({
  title,
  data,
  formatValue = (value) => count.format(value),
  formatAxis = formatValue,
  tone = 'blue',
}: BarChartProps) {
  const id = useId();
  const axis = valueAxis(data.map((datum) => datum.value));
  const highest = data.reduce<BarChartDatum | undefined>(
    (best, datum) => (!best || datum.value > best.value ? datum : best),
    undefined,
  );
  const summary =
    highest && highest.value > 0
      ? `${title}: highest ${formatValue(highest.value)} in ${highest.label}`
      : `${title}: none yet`;

  return (
    <figure className={styles.figure} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className={styles.caption}>
        {title}
      </figcaption>
      <div className={`${styles.chart} ${styles[tone]}`} role="img" aria-label={summary}>
        <div className={styles.axis} aria-hidden="true">
          {axis.ticks.map((tick) => (
            <span key={tick} className={styles.tick} style={{ bottom: `${(tick / axis.top) * 100}%` }}>
              {formatAxis(tick)}
            </span>
          ))}
        </div>
        <div className={styles.plot} aria-hidden="true">
          {axis.ticks.map((tick) => (
            <span key={tick} className={styles.gridLine} style={{ bottom: `${(tick / axis.top) * 100}%` }} />
          ))}
          {data.map((datum) => (
            <span
              key={datum.label}
              className={styles.slot}
              title={`${datum.label}: ${formatValue(datum.value)}`}
            >
              <span
                className={styles.bar}
                data-value={datum.value}
                style={{ height: `${(datum.value / axis.top) * 100}%` }}
              />
            </span>
          ))}
        </div>
        <span aria-hidden="true" />
        <div className={styles.labels} aria-hidden="true">
          {data.map((datum) => (
            <span key={datum.label} className={styles.label}>
              {datum.label}
            </span>
          ))}
        </div>
      </div>
      <details className={styles.figures}>
        <summary>Show the figures</summary>
        <table className={styles.table} aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={datum.label}>
                <th scope="row">{datum.label}</th>
                <td>{formatValue(datum.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
