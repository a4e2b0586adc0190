import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { MonthlyActivity } from '@portal/contracts';
import styles from './admin-dashboard-page.module.css';

// Only what this chart draws (chart.js is tree-shaken: bars only, no line or point code); it loads with this
// page only, and keeps the admin's first dashboard within its 150 KB budget.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const MONTH_LABEL = new Intl.DateTimeFormat('en-NG', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** 'Jun 25' for '2025-06'. */
export function monthLabel(month: string): string {
  return MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`));
}

export interface MonthlyChartProps {
  months: readonly MonthlyActivity[];
}

/**
 * Registrations (left axis) and orders (right axis: they are hundreds of times more) per month, as bars.
 * The canvas is an image to assistive technology; the same figures are in a table for screen readers.
 */
export default function MonthlyChart({ months }: MonthlyChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: months.map((m) => monthLabel(m.month)),
        datasets: [
          {
            type: 'bar',
            label: 'Registrations',
            data: months.map((m) => m.registrations),
            backgroundColor: '#2563eb',
            yAxisID: 'registrations',
          },
          {
            type: 'bar',
            label: 'Orders',
            data: months.map((m) => m.orders),
            backgroundColor: '#15803d',
            yAxisID: 'orders',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          registrations: {
            type: 'linear',
            position: 'left',
            beginAtZero: true,
            title: { display: true, text: 'Registrations' },
          },
          orders: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            grid: { drawOnChartArea: false },
            title: { display: true, text: 'Orders' },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [months]);

  return (
    <>
      <div className={styles.chart}>
        <canvas ref={canvas} role="img" aria-label="Registrations and orders per month, last 12 months" />
      </div>
      <table className={styles.visuallyHidden}>
        <caption>Registrations and orders per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Registrations</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              <td>{m.registrations}</td>
              <td>{m.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
