import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RemoteRouteDefinition } from '@portal/shared-ui';
import { initFederation, preloadRemoteOf, reloadRemote } from '../init-federation';
import { offlineRemotePlugin } from '../offline-remote-plugin';
import { RemotePage } from '../remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
const mockRuntime = jest.requireMock<Record<'loadRemote' | 'registerRemotes' | 'registerPlugins', jest.Mock>>(
  '@module-federation/enhanced/runtime',
);

const REMOTES = {
  remotes: [
    { name: 'mfe_admin', entry: '/remotes/admin/mf-manifest.json' },
    { name: 'mfe_auth', entry: '/remotes/auth/mf-manifest.json' },
    { name: 'mfe_unknown', entry: '/remotes/unknown/mf-manifest.json' },
  ],
};

function answerRemoteList(): jest.Mock {
  const fetchMock = jest.fn(async () => new Response(JSON.stringify(REMOTES), { status: 200 }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** What loadRemote answers when the offline plugin turned a failure into its marker. */
function unavailable(id: string) {
  return offlineRemotePlugin().errorLoadRemote!({
    id,
    error: new Error('net::ERR_FAILED'),
    lifecycle: 'onLoad',
    from: 'runtime',
    origin: {} as never,
  }) as unknown;
}

const adminRoutes = (heading: string): { default: RemoteRouteDefinition[] } => ({
  default: [{ path: 'admin/users', title: 'All Users', Component: () => <h1>{heading}</h1> }],
});

/** React 19 suspends on `use()`: the render must be an awaited act for the suspension to settle. */
async function renderSettled(ui: ReactElement) {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(ui);
  });
  return result;
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  // Forget every loaded route list: each test starts from a remote never loaded.
  for (const remote of ['mfe_auth', 'mfe_admin', 'mfe_backoffice', 'mfe_affiliate'] as const)
    reloadRemote(remote);
  jest.restoreAllMocks();
});

test('the remote list comes from the gateway; only known remotes are registered, with the offline plugin', async () => {
  const fetchMock = answerRemoteList();
  await initFederation();
  expect(fetchMock).toHaveBeenCalledWith('/api/config/remotes', expect.anything());
  expect(mockRuntime.registerPlugins).toHaveBeenCalledWith([
    expect.objectContaining({ name: 'portal-offline-remote' }),
  ]);
  expect(mockRuntime.registerRemotes).toHaveBeenCalledWith([
    { name: 'mfe_admin', entry: '/remotes/admin/mf-manifest.json' },
    { name: 'mfe_auth', entry: '/remotes/auth/mf-manifest.json' },
  ]);
});

test("a remote page shows a spinner, then the remote's component for that path", async () => {
  answerRemoteList();
  await initFederation();
  let finish!: (module: unknown) => void;
  mockRuntime.loadRemote.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));

  await renderSettled(<RemotePage remote="mfe_admin" path="admin/users" />);
  expect(await screen.findByRole('status')).toBeTruthy();
  await act(async () => finish(adminRoutes('All Users')));

  expect(await screen.findByRole('heading', { name: 'All Users' })).toBeTruthy();
  expect(mockRuntime.loadRemote).toHaveBeenCalledWith('mfe_admin/routes');
  expect(document.title).toBe('All Users | Affiliate Portal');
});

test('a remote that cannot be loaded shows "This section is unavailable"; Retry reloads it', async () => {
  answerRemoteList();
  await initFederation();
  mockRuntime.loadRemote.mockResolvedValueOnce(unavailable('mfe_admin/routes'));

  await renderSettled(<RemotePage remote="mfe_admin" path="admin/users" />);
  expect(await screen.findByText('This section is unavailable')).toBeTruthy();
  expect(screen.getByRole('alert')).toBeTruthy();

  mockRuntime.loadRemote.mockResolvedValueOnce(adminRoutes('All Users'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  });

  expect(await screen.findByRole('heading', { name: 'All Users' })).toBeTruthy();
  expect(mockRuntime.registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'mfe_admin', entry: '/remotes/admin/mf-manifest.json' }],
    {
      force: true,
    },
  );
  expect(mockRuntime.loadRemote).toHaveBeenCalledTimes(2);
});

test('a remote page that throws while rendering is contained in its section', async () => {
  answerRemoteList();
  await initFederation();
  const Broken = () => {
    throw new Error('bug in the remote');
  };
  mockRuntime.loadRemote.mockResolvedValueOnce({
    default: [{ path: 'admin/users', title: 'All Users', Component: Broken }],
  });

  await renderSettled(
    <main>
      <nav>Main menu</nav>
      <RemotePage remote="mfe_admin" path="admin/users" />
    </main>,
  );
  expect(await screen.findByText('This section is unavailable')).toBeTruthy();
  expect(screen.getByText('Main menu')).toBeTruthy();
});

test('a path the remote does not offer, or a remote missing from the list, is unavailable too', async () => {
  answerRemoteList();
  await initFederation();
  mockRuntime.loadRemote.mockResolvedValueOnce(adminRoutes('All Users'));
  const { unmount } = await renderSettled(<RemotePage remote="mfe_admin" path="admin/orders" />);
  expect(await screen.findByText('This section is unavailable')).toBeTruthy();
  unmount();

  await renderSettled(<RemotePage remote="mfe_affiliate" path="affiliate/orders" />);
  expect(await screen.findByText('This section is unavailable')).toBeTruthy();
  expect(mockRuntime.loadRemote).not.toHaveBeenCalledWith('mfe_affiliate/routes');
});

test('a remote missing from the list (the list failed at start) is asked for again on Retry', async () => {
  global.fetch = jest.fn(async () => new Response('{}', { status: 502 })) as unknown as typeof fetch;
  await expect(initFederation()).rejects.toThrow('502');

  await renderSettled(<RemotePage remote="mfe_backoffice" path="backoffice/users" />);
  expect(await screen.findByText('This section is unavailable')).toBeTruthy();

  const withBackoffice = {
    remotes: [...REMOTES.remotes, { name: 'mfe_backoffice', entry: '/remotes/backoffice/mf-manifest.json' }],
  };
  global.fetch = jest.fn(
    async () => new Response(JSON.stringify(withBackoffice), { status: 200 }),
  ) as unknown as typeof fetch;
  mockRuntime.loadRemote.mockResolvedValueOnce({
    default: [{ path: 'backoffice/users', title: 'All Users', Component: () => <h1>Back-office users</h1> }],
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  });
  expect(await screen.findByRole('heading', { name: 'Back-office users' })).toBeTruthy();
  expect(mockRuntime.loadRemote).toHaveBeenCalledWith('mfe_backoffice/routes');
});

test('the offline plugin answers only the final loading stage (earlier stages expect a manifest)', () => {
  const plugin = offlineRemotePlugin();
  const args = {
    id: 'mfe_admin/routes',
    error: new Error('x'),
    from: 'runtime' as const,
    origin: {} as never,
  };
  expect(plugin.errorLoadRemote!({ ...args, lifecycle: 'afterResolve' })).toBeUndefined();
  expect(plugin.errorLoadRemote!({ ...args, lifecycle: 'beforeLoadShare' })).toBeUndefined();
  expect(plugin.errorLoadRemote!({ ...args, lifecycle: 'onLoad' })).toEqual(
    expect.objectContaining({ id: 'mfe_admin/routes' }),
  );
});

describe('preloadRemoteOf (issue 51: the remote of the page opened loads beside the layout)', () => {
  it("starts loading the opened page's remote once, and RemotePage then uses that load", async () => {
    answerRemoteList();
    await initFederation();
    mockRuntime.loadRemote.mockResolvedValue(adminRoutes('All Users'));
    preloadRemoteOf('/admin/users', true);
    expect(mockRuntime.loadRemote).toHaveBeenCalledWith('mfe_admin/routes');
    await renderSettled(<RemotePage remote="mfe_admin" path="admin/users" />);
    expect(screen.getByRole('heading', { name: 'All Users' })).toBeTruthy();
    expect(mockRuntime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing for a guarded page opened without a session, nor for a path no remote renders', async () => {
    answerRemoteList();
    await initFederation();
    preloadRemoteOf('/admin/users', false);
    preloadRemoteOf('/profile', true);
    expect(mockRuntime.loadRemote).not.toHaveBeenCalled();
  });
});
