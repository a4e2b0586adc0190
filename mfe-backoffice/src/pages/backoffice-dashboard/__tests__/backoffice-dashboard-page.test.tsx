import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import BackofficeDashboardPage from '../backoffice-dashboard-page';
import { fetchBackofficeDashboard } from '../dashboard-api';

jest.mock('../dashboard-api');

function Users() {
  const location = useLocation();
  return <p>users at {location.pathname + location.search}</p>;
}

beforeEach(() => {
  jest.mocked(fetchBackofficeDashboard).mockResolvedValue({
    applications: { pending: 12, active: 3400, total: 3500 },
    systemOverview: { totalUsers: 3390, activeSessions: 7 },
    activities: [
      { title: 'KYC approved', description: 'AFF100001 Ada', activityOn: 'Today' },
      { title: 'KYC rejected', description: 'AFF100002 Bola', activityOn: 'Yesterday' },
      { title: 'New KYC application', description: 'AFF100003 Chi', activityOn: '2025-03-01' },
    ],
  });
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/backoffice-dashboard']}>
      <Routes>
        <Route path="/backoffice-dashboard" element={<BackofficeDashboardPage />} />
        <Route path="/backoffice/users" element={<Users />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BackofficeDashboardPage', () => {
  it('shows the KYC queue against its 24 h target (issue 50), each count opening the queue', async () => {
    jest.mocked(fetchBackofficeDashboard).mockResolvedValue({
      applications: { pending: 12, active: 3400, total: 3500 },
      systemOverview: { totalUsers: 3390, activeSessions: 7 },
      activities: [],
      kycQueue: { waiting: 12, overTarget: 3, oldestHours: 51, targetHours: 24 },
    });
    renderPage();
    const cards = await screen.findByRole('list', { name: 'KYC Queue' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['Waiting for Review12', 'Over 24 h Target3', 'Oldest Waiting51 h']);
    expect(
      within(cards)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/backoffice/kyc', '/backoffice/kyc?sort=age']);
  });

  it('shows the application cards, the system overview and recent activity', async () => {
    renderPage();
    const cards = await screen.findByRole('list', { name: 'Applications' });
    expect(
      within(cards)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pending Applications12', 'Active Affiliates3,400', 'Total Applications3,500']);
    expect(screen.getByText('Total KYC Completed').nextSibling?.textContent).toBe('3,390');
    expect(screen.getByText('Active Sessions').nextSibling?.textContent).toBe('7');
    expect(screen.getByText('System Status').nextSibling?.textContent).toBe('Online');
    expect(screen.getByText('Today').className).toContain('today');
    expect(screen.getByText('Yesterday').className).toContain('yesterday');
    expect(screen.getByText('2025-03-01').className).toContain('older');
  });

  it.each([
    ['Pending Applications', '?status=pending'],
    ['Active Affiliates', '?status=active'],
    ['Total Applications', '?status=all'],
  ])('%s opens the affiliate list with %s', async (label, query) => {
    renderPage();
    fireEvent.click(await screen.findByRole('link', { name: new RegExp(label) }));
    expect(await screen.findByText(`users at /backoffice/users${query}`)).toBeTruthy();
  });
});

describe('BackofficeDashboardPage loading', () => {
  it('offers Retry when the dashboard cannot be loaded, then shows it', async () => {
    jest.mocked(fetchBackofficeDashboard).mockRejectedValueOnce(new Error('500'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The dashboard could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Applications' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a spinner while loading, and says so when there is no recent activity', async () => {
    jest.mocked(fetchBackofficeDashboard).mockResolvedValueOnce({
      applications: { pending: 0, active: 0, total: 0 },
      systemOverview: { totalUsers: 0, activeSessions: 1 },
      activities: [],
    });
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading dashboard' })).toBeTruthy();
    expect(await screen.findByText('No recent activity.')).toBeTruthy();
  });

  it('shows Recent Activity days as the server counts them (business time)', async () => {
    // The gateway puts 23:56 UTC on 10 June on the 11th (Lagos); the page shows its day as given.
    jest.mocked(fetchBackofficeDashboard).mockResolvedValueOnce({
      applications: { pending: 1, active: 0, total: 1 },
      systemOverview: { totalUsers: 0, activeSessions: 1 },
      activities: [{ title: 'New KYC application', description: 'AFF100009 Late', activityOn: '2025-06-11' }],
    });
    renderPage();
    expect((await screen.findByText('2025-06-11')).className).toContain('older');
  });
});
