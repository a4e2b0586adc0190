import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MENU_TABLE } from '@portal/contracts';
import { httpClient, useSessionStore } from '@portal/shared-ui';
import { demoSession, renderApp, setScreenWidth } from '../../../../test-support/render-app';
import { REMOTE_ROUTES } from '../route-table';

beforeEach(() => {
  localStorage.clear();
  setScreenWidth(1280);
});

const remoteShown = () => screen.findByTestId('remote-page');

describe('route table', () => {
  it('maps every route of spec §2 to its remote', () => {
    const byPath = Object.fromEntries(
      REMOTE_ROUTES.map((route) => [route.path, `${route.remote}/${route.access}`]),
    );
    expect(byPath).toEqual({
      login: 'mfe_auth/public',
      register: 'mfe_auth/public',
      'update-password': 'mfe_auth/session',
      'two-step-setup': 'mfe_auth/session',
      're-kyc': 'mfe_affiliate/session',
      'admin-dashboard': 'mfe_admin/guarded',
      'admin/users': 'mfe_admin/guarded',
      'admin/user-add': 'mfe_admin/guarded',
      'admin/commission-upload': 'mfe_admin/guarded',
      'admin/reports': 'mfe_admin/guarded',
      'admin/orders': 'mfe_admin/guarded',
      'admin/affiliates': 'mfe_admin/guarded',
      'admin/outbox': 'mfe_admin/guarded',
      'admin/payouts': 'mfe_admin/guarded',
      notifications: 'mfe_admin/guarded',
      'backoffice-dashboard': 'mfe_backoffice/guarded',
      'backoffice/reports': 'mfe_backoffice/guarded',
      'backoffice/users': 'mfe_backoffice/guarded',
      'backoffice/kyc': 'mfe_backoffice/guarded',
      'backoffice/risk': 'mfe_backoffice/guarded',
      'affiliate-dashboard': 'mfe_affiliate/guarded',
      'affiliate/orders': 'mfe_affiliate/guarded',
      'affiliate/retailers': 'mfe_affiliate/guarded',
      'affiliate/payouts': 'mfe_affiliate/guarded',
    });
  });

  it('has a route for every menu target', () => {
    const paths = new Set(REMOTE_ROUTES.map((route) => `/${route.path}`));
    const targets = MENU_TABLE.flatMap((entry) =>
      entry.kind === 'link' ? [entry.target] : entry.children.map((c) => c.target),
    );
    for (const target of targets) expect(paths).toContain(target);
  });
});

describe('routing', () => {
  it("'' redirects to login", async () => {
    const { router } = renderApp('/');
    expect((await remoteShown()).textContent).toBe('mfe_auth:login');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('login and register need no session', async () => {
    renderApp('/register');
    expect((await remoteShown()).textContent).toBe('mfe_auth:register');
  });

  it('a guarded route without stored user details goes to login', async () => {
    const { router } = renderApp('/admin/users');
    expect((await remoteShown()).textContent).toBe('mfe_auth:login');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a guarded route in the menu renders its remote inside the layout', async () => {
    renderApp('/admin/users?page=2', demoSession('Admin'));
    expect((await remoteShown()).textContent).toBe('mfe_admin:admin/users');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /User menu for admin@example.com/ })).toBeTruthy();
  });

  it('a guarded route outside the menu shows the 404 screen', async () => {
    const { router } = renderApp('/admin-dashboard', demoSession('Backoffice'));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/page-not-found');
  });

  it('an unknown path shows the 404 screen, signed in or not', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('Go Home leads to the dashboard of the stored role', async () => {
    const { router } = renderApp('/nowhere', demoSession('Backoffice'));
    fireEvent.click(await screen.findByRole('button', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice-dashboard'));
    expect((await remoteShown()).textContent).toBe('mfe_backoffice:backoffice-dashboard');
  });

  it('Go Home of a rejected affiliate leads to Re KYC, the first entry of its menu, not to a 404 again', async () => {
    const { router } = renderApp('/affiliate-dashboard', demoSession('RejectedAffiliate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/re-kyc'));
    expect((await remoteShown()).textContent).toBe('mfe_affiliate:re-kyc');
  });

  it('Go Home without a stored user leads to login', async () => {
    const { router } = renderApp('/page-not-found');
    fireEvent.click(await screen.findByRole('button', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('re-kyc has no guard: an affiliate holding only re-kyc reaches it inside the layout', async () => {
    renderApp('/re-kyc', demoSession('RejectedAffiliate'));
    expect((await remoteShown()).textContent).toBe('mfe_affiliate:re-kyc');
    expect(screen.getByRole('link', { name: 'Re KYC' })).toBeTruthy();
  });

  it('a user whose menu is empty is sent to page-not-found', async () => {
    renderApp('/affiliate-dashboard', demoSession('Affiliate', { userRights: [] }));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('profile, update-password and re-kyc without a session go to login', async () => {
    for (const path of ['/profile', '/update-password', '/re-kyc']) {
      const view = renderApp(path);
      expect((await remoteShown()).textContent).toBe('mfe_auth:login');
      view.unmount();
    }
  });

  it('a forced password update is shown on its own, without the menu', async () => {
    renderApp('/update-password', demoSession('Admin', { forcePasswordUpdate: true }));
    expect((await remoteShown()).textContent).toBe('mfe_auth:update-password');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it("an admin's required two-step set-up is shown on its own, without the menu", async () => {
    renderApp('/two-step-setup', demoSession('Admin', { secondFactorEnrolment: true }));
    expect((await remoteShown()).textContent).toBe('mfe_auth:two-step-setup');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it.each([
    ['a guarded page of its menu', '/admin-dashboard'],
    ['a page of another menu', '/affiliate/orders'],
    ['profile', '/profile'],
    ['re-kyc', '/re-kyc'],
    ['an unknown path', '/no/such/page'],
    ['page-not-found itself', '/page-not-found'],
  ])('a session that must change its password opening %s is led back to update-password', async (_, url) => {
    const { router } = renderApp(url, demoSession('Admin', { forcePasswordUpdate: true }));
    expect((await remoteShown()).textContent).toBe('mfe_auth:update-password');
    expect(router.state.location.pathname).toBe('/update-password');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('Back from update-password to a page opened before lands on update-password again', async () => {
    const { router } = renderApp('/update-password', demoSession('Affiliate', { forcePasswordUpdate: true }));
    await remoteShown();
    await act(() => router.navigate('/affiliate-dashboard'));
    expect(router.state.location.pathname).toBe('/update-password');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-password'));
  });

  it('once the password is changed the other pages open again', async () => {
    const { router } = renderApp('/update-password', demoSession('Admin', { forcePasswordUpdate: true }));
    await remoteShown();
    act(() => useSessionStore.getState().markPasswordUpdated());
    await act(() => router.navigate('/admin-dashboard'));
    expect((await remoteShown()).textContent).toBe('mfe_admin:admin-dashboard');
  });

  it('the forced update-password page offers Sign out', async () => {
    // The server's answer to the revocation, given here (jsdom would otherwise call port 80 and log the refusal).
    const revoked: string[] = [];
    const adapter = httpClient.defaults.adapter;
    httpClient.defaults.adapter = async (config) => {
      revoked.push(`${config.method} ${config.url}`);
      return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
    };
    try {
      const { router } = renderApp('/update-password', demoSession('Admin', { forcePasswordUpdate: true }));
      await remoteShown();
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(revoked).toEqual(['post login/logout']);
      expect(useSessionStore.getState().userDetails).toBeNull();
    } finally {
      httpClient.defaults.adapter = adapter;
    }
  });

  it('update-password is inside the layout when not forced', async () => {
    renderApp('/update-password', demoSession('Affiliate'));
    expect((await remoteShown()).textContent).toBe('mfe_auth:update-password');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('an expired stored session counts as none', async () => {
    const { router } = renderApp(
      '/admin-dashboard',
      demoSession('Admin', { expiresAt: new Date(Date.now() - 1).toISOString() }),
    );
    expect((await remoteShown()).textContent).toBe('mfe_auth:login');
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(localStorage.getItem('userDetails')).toBeNull());
  });

  it('signing out elsewhere (a 401) leaves the guarded page for login', async () => {
    const { router } = renderApp('/admin-dashboard', demoSession('Admin'));
    await remoteShown();
    act(() => useSessionStore.getState().signOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
