import { render, screen, within } from '@testing-library/react';
import { BarChart } from '../bar-chart';

const months = [
  { label: 'Jan 26', value: 10 },
  { label: 'Feb 26', value: 0 },
  { label: 'Mar 26', value: 35 },
];

test('one image named after its largest value, bars scaled to the axis, figures in a table', () => {
  const { container } = render(<BarChart title="Orders per month" data={months} />);
  expect(screen.getByRole('figure', { name: 'Orders per month' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Orders per month: highest 35 in Mar 26' })).toBeTruthy();
  const bars = [...container.querySelectorAll<HTMLElement>('[data-value]')];
  // Axis top 40 (steps of 10): 10 is a quarter of the height, 35 seven eighths.
  expect(bars.map((bar) => bar.style.height)).toEqual(['25%', '0%', '87.5%']);
  const table = screen.getByRole('table', { name: 'Orders per month' });
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['MonthValue', 'Jan 2610', 'Feb 260', 'Mar 2635']);
});

test('money reads as the caller formats it; an empty year says so', () => {
  render(
    <BarChart
      title="Commission per month"
      data={[{ label: 'Jan 26', value: 0 }]}
      formatValue={(value) => `₦${value.toFixed(2)}`}
    />,
  );
  expect(screen.getByRole('img', { name: 'Commission per month: none yet' })).toBeTruthy();
  expect(screen.getByRole('row', { name: 'Jan 26 ₦0.00' })).toBeTruthy();
});

test('the axis may read shorter than the values', () => {
  const { container } = render(
    <BarChart
      title="Commission per month"
      data={[{ label: 'Jan 26', value: 20000 }]}
      formatValue={(value) => `₦${value.toFixed(2)}`}
      formatAxis={(value) => `₦${value / 1000}K`}
    />,
  );
  const ticks = [...container.querySelectorAll('[aria-hidden="true"] > span')].map(
    (tick) => tick.textContent,
  );
  expect(ticks).toContain('₦20K');
  expect(screen.getByRole('row', { name: 'Jan 26 ₦20000.00' })).toBeTruthy();
});
