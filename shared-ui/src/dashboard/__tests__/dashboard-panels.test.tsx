import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Loaded } from '../../data/use-load';
import { DashboardContent, DashboardPanel, DashboardPanels } from '../dashboard-panels';

function loaded(state: Loaded<{ total: number }>['state'], reload = jest.fn()): Loaded<{ total: number }> {
  return { state, data: state === 'ready' ? { total: 42 } : undefined, error: undefined, reload };
}

function renderDashboard(value: Loaded<{ total: number }>) {
  return render(
    <DashboardContent loaded={value}>
      {(data) => (
        <DashboardPanels wide="second">
          <DashboardPanel id="totals-title" title="Totals">
            <p>{data.total} orders</p>
          </DashboardPanel>
          <DashboardPanel id="chart-title" title="Chart">
            <p>bars</p>
          </DashboardPanel>
        </DashboardPanels>
      )}
    </DashboardContent>,
  );
}

describe('DashboardContent', () => {
  it('shows only a spinner while the figures load', () => {
    renderDashboard(loaded('loading'));
    expect(screen.getByRole('progressbar', { name: 'Loading dashboard' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows only the error with Retry when they failed, and Retry loads again', () => {
    const reload = jest.fn();
    renderDashboard(loaded('error', reload));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The dashboard could not be loaded.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('draws the dashboard from the figures once they are here: panels are regions named by their h2', () => {
    renderDashboard(loaded('ready'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByRole('heading', { level: 2, name: 'Totals' })).toBeTruthy();
    expect(within(totals).getByText('42 orders')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Chart' })).toBeTruthy();
  });

  it('shows the spinner again, not stale figures, while a reload runs', () => {
    renderDashboard({ ...loaded('loading'), data: { total: 42 } });
    expect(screen.getByRole('progressbar', { name: 'Loading dashboard' })).toBeTruthy();
    expect(screen.queryByText('42 orders')).toBeNull();
  });
});
