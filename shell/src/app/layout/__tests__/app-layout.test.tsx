import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import type { AxiosAdapter } from 'axios';
import { httpClient, useSessionStore } from '@portal/shared-ui';
import { demoSession, renderApp, setScreenWidth } from '../../../../test-support/render-app';

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
/** The visible menu as text: top-level entries, group children indented. */
function menuOutline(): string[] {
  const top = menu().querySelector('ul')!;
  return Array.from(top.children).flatMap((item) => {
    const head = item.querySelector(':scope > a, :scope > button')!.textContent!.trim();
    const children = Array.from(item.querySelectorAll(':scope > ul > li')).map(
      (child) => `  ${child.textContent!.trim()}`,
    );
    return [head, ...children];
  });
}

let requests: { url?: string; method?: string; authorization?: unknown }[] = [];
function answerLogout(status: number) {
  const adapter: AxiosAdapter = async (config) => {
    requests.push({
      url: config.url,
      method: config.method,
      authorization: config.headers.get('Authorization'),
    });
    const response = {
      data: { message: 'Logged out successfully.' },
      status,
      statusText: '',
      headers: {},
      config,
    };
    if (status >= 400) throw new AxiosError('failed', 'ERR', config, {}, response);
    return response;
  };
  httpClient.defaults.adapter = adapter;
}

beforeEach(() => {
  localStorage.clear();
  requests = [];
  setScreenWidth(1280);
});

describe('sidebar menu (spec §2), built from the rights of each demo role', () => {
  it('admin: every admin entry, groups with their children', async () => {
    renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    fireEvent.click(screen.getByRole('button', { name: 'Manage Users' }));
    fireEvent.click(screen.getByRole('button', { name: 'Master Data' }));
    expect(menuOutline()).toEqual([
      'Dashboard',
      'Manage Users',
      '  All Users',
      '  Create User',
      '  Message Outbox',
      'Affiliates',
      'KYC Queue',
      'Order Management',
      'Reports',
      'Master Data',
      '  Upload Commission Details',
      'Payouts',
      'Risk Review',
      'Notifications',
    ]);
    expect(within(menu()).getByRole('link', { name: 'Upload Commission Details' }).getAttribute('href')).toBe(
      '/admin/commission-upload',
    );
    expect(within(menu()).getByRole('link', { name: 'Create User' }).getAttribute('href')).toBe(
      '/admin/user-add',
    );
  });

  it('back office: Dashboard, Manage Users > All Users, KYC Queue, Report, Risk Review', async () => {
    renderApp('/backoffice/users', demoSession('Backoffice'));
    await screen.findByTestId('remote-page');
    expect(menuOutline()).toEqual([
      'Dashboard',
      'Manage Users',
      '  All Users',
      'KYC Queue',
      'Report',
      'Risk Review',
    ]);
    expect(within(menu()).getByRole('link', { name: 'All Users' }).getAttribute('href')).toBe(
      '/backoffice/users',
    );
  });

  it('affiliate: Dashboard, Order Management, Retailers, Payouts', async () => {
    renderApp('/affiliate-dashboard', demoSession('Affiliate'));
    await screen.findByTestId('remote-page');
    expect(menuOutline()).toEqual(['Dashboard', 'Order Management', 'Retailers', 'Payouts']);
    const hrefs = within(menu())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/affiliate-dashboard',
      '/affiliate/orders',
      '/affiliate/retailers',
      '/affiliate/payouts',
    ]);
  });

  it('each entry carries its icon', async () => {
    renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    expect(
      within(menu()).getByRole('link', { name: 'Notifications' }).querySelector('i.pi-bell'),
    ).not.toBeNull();
  });
});

describe('sidebar behaviour', () => {
  it('groups open and close on click', async () => {
    renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    const group = screen.getByRole('button', { name: 'Manage Users' });
    const children = document.getElementById(group.getAttribute('aria-controls')!)!;
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(children.hidden).toBe(true);
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(children.hidden).toBe(false);
    fireEvent.click(group);
    expect(children.hidden).toBe(true);
  });

  it('highlights the active entry and opens the group holding it', async () => {
    const { router } = renderApp('/admin/user-add', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    const createUser = within(menu()).getByRole('link', { name: 'Create User' });
    expect(createUser.className).toContain('active');
    expect(createUser.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Manage Users' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(menu()).getByRole('link', { name: 'Dashboard' }).className).not.toContain('active');

    fireEvent.click(within(menu()).getByRole('link', { name: 'Order Management' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(within(menu()).getByRole('link', { name: 'Order Management' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(menu()).getByRole('link', { name: 'Create User' }).getAttribute('aria-current')).toBeNull();
  });

  it('the toggle collapses and re-opens the sidebar', async () => {
    renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    const sidebar = document.getElementById('app-sidebar')!;
    expect(sidebar.hidden).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hide menu' }));
    expect(sidebar.hidden).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show menu' }));
    expect(sidebar.hidden).toBe(false);
  });

  it('under 768 px the sidebar opens as an overlay that a click on the overlay closes', async () => {
    setScreenWidth(375);
    renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    const sidebar = document.getElementById('app-sidebar')!;
    expect(sidebar.hidden).toBe(true);
    expect(screen.queryByTestId('sidebar-overlay')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show menu' }));
    expect(sidebar.hidden).toBe(false);
    fireEvent.click(screen.getByTestId('sidebar-overlay'));
    expect(sidebar.hidden).toBe(true);
    expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
  });

  it('under 768 px choosing an entry closes the overlay', async () => {
    setScreenWidth(375);
    const { router } = renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    fireEvent.click(screen.getByRole('button', { name: 'Show menu' }));
    fireEvent.click(within(menu()).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reports'));
    expect(document.getElementById('app-sidebar')!.hidden).toBe(true);
  });
});

describe('top bar', () => {
  it('shows the email; Profile opens the profile page', async () => {
    const { router } = renderApp('/backoffice-dashboard', demoSession('Backoffice'));
    await screen.findByTestId('remote-page');
    const userButton = screen.getByRole('button', { name: 'User menu for backoffice@example.com' });
    expect(userButton.textContent).toContain('backoffice@example.com');
    fireEvent.click(userButton);
    fireEvent.click(await screen.findByText('Profile'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it.each(['Admin', 'Backoffice', 'Affiliate', 'RejectedAffiliate'] as const)(
    '%s: Change Password in the user menu opens update-password',
    async (role) => {
      const home = {
        Admin: '/admin-dashboard',
        Backoffice: '/backoffice-dashboard',
        Affiliate: '/affiliate-dashboard',
        RejectedAffiliate: '/re-kyc',
      }[role];
      const { router } = renderApp(home, demoSession(role));
      await screen.findByTestId('remote-page');
      fireEvent.click(screen.getByRole('button', { name: /^User menu for / }));
      fireEvent.click(await screen.findByText('Change Password'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/update-password'));
      expect((await screen.findByTestId('remote-page')).textContent).toBe('mfe_auth:update-password');
    },
  );

  it('the menu names the account whole: the full address in the text and in its title', async () => {
    const email = 'operations.supervisor-north.central.region@affiliates.example.com';
    renderApp('/admin-dashboard', demoSession('Admin', { email }));
    await screen.findByTestId('remote-page');
    fireEvent.click(screen.getByRole('button', { name: `User menu for ${email}` }));
    const menuEmail = document.querySelector(`#user-menu [title="${email}"]`);
    expect(menuEmail?.textContent).toBe(email);
  });

  it('Logout revokes the session on the server, clears the stored details and goes to login', async () => {
    answerLogout(200);
    const { router } = renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
    fireEvent.click(await screen.findByText('Logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests).toEqual([{ url: 'login/logout', method: 'post', authorization: 'Bearer token-Admin' }]);
    expect(localStorage.getItem('userDetails')).toBeNull();
    expect(useSessionStore.getState().userDetails).toBeNull();
  });

  it('Logout still signs out locally when the server call fails', async () => {
    answerLogout(401);
    const { router } = renderApp('/admin-dashboard', demoSession('Admin'));
    await screen.findByTestId('remote-page');
    fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
    fireEvent.click(await screen.findByText('Logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('userDetails')).toBeNull();
  });
});
