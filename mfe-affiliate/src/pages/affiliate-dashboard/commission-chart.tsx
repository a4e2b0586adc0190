import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { AffiliateCommissionMonth } from '@portal/contracts';
import { formatNaira } from '@portal/shared-ui';
import { monthLabel } from './month-label';
import styles from './affiliate-dashboard-page.module.css';

// The admin dashboard's approach: only the bar parts of chart.js, in a chunk this page alone loads.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface CommissionChartProps {
  months: readonly AffiliateCommissionMonth[];
}

/**
 * Qualified and projected commission per month, as bars in naira. The canvas is an image to assistive
 * technology; the same figures are in a visually hidden list for screen readers.
 */
export default function CommissionChart({ months }: CommissionChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: months.map((m) => monthLabel(m.month)),
        datasets: [
          {
            label: 'Qualified Commission',
            data: months.map((m) => Number(m.qualifiedCommission)),
            backgroundColor: '#15803d',
          },
          {
            label: 'Projected Commission',
            data: months.map((m) => Number(m.projectedCommission)),
            backgroundColor: '#2563eb',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label}: ${formatNaira(item.parsed.y ?? 0)}` },
          },
        },
        scales: {
          y: { beginAtZero: true, ticks: { callback: (value) => formatNaira(Number(value)) } },
        },
      },
    });
    return () => chart.destroy();
  }, [months]);

  return (
    <>
      <div className={styles.chart}>
        <canvas ref={canvas} role="img" aria-label="Commission per month, last 12 months" />
      </div>
      {/* The same figures for screen readers. A list, not a table: a table is as wide as its content
          whatever its own width, and would widen the page on a phone. */}
      <ul className={styles.visuallyHidden} aria-label="Commission per month">
        {months.map((m) => (
          <li key={m.month}>
            {`${monthLabel(m.month)}: qualified ${formatNaira(m.qualifiedCommission)}, projected ${formatNaira(m.projectedCommission)}`}
          </li>
        ))}
      </ul>
    </>
  );
}
