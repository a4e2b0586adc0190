// A remote on its own dev server (`npx --yes pnpm@10 --filter mfe-admin dev`): its routes under a minimal frame, with a
// dev session signed in against the gateway, so a team can work on its screens without the shell.
// Never part of a production build: remotes ship only their container there.
import { StrictMode, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, NavLink, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import type { RemoteRouteDefinition, UserDetails } from '@portal/shared-ui';
import { LoadingSpinner, ToastHost, setNavigator, useSessionStore } from '@portal/shared-ui';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';

export interface DevAccount {
  userName: string;
  password: string;
  /** The account's authenticator secret when it has two-step sign-in (the demo admin's, from the README). */
  totpSecret?: string;
}

export interface StandaloneOptions {
  /** The remote's package name, shown in the frame. */
  name: string;
  routes: RemoteRouteDefinition[];
  /** Demo account the dev session signs in with (DESIGN §4); null when the remote's pages are public. */
  account: DevAccount | null;
}

export function renderStandalone({ name, routes, account }: StandaloneOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The standalone page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <RegisterNavigator />
        <DevSession account={account}>
          <Frame name={name} routes={routes} />
        </DevSession>
        <ToastHost />
      </BrowserRouter>
    </StrictMode>,
  );
}

function RegisterNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => navigate(path));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/** Why the dev session failed, as the dev server tells it (standalone/dev-session.cjs). */
interface DevSessionFailure {
  kind: 'unreachable' | 'refused';
  message: string;
  gatewayUrl?: string;
}

/**
 * The dev session from this remote's dev server, which signs in once per account and gives every browser the
 * same session (a second browser's own sign-in was refused the authenticator code the first had used).
 */
async function devSession(account: DevAccount): Promise<UserDetails> {
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-syntax -- the dev server's own route, not a call of the gateway's API
    response = await fetch('/__dev-session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    });
  } catch {
    throw { kind: 'unreachable', message: 'This dev server does not answer.' } satisfies DevSessionFailure;
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) return answer as UserDetails;
  const failure = answer as Partial<DevSessionFailure> | null;
  throw {
    kind: failure?.kind === 'unreachable' ? 'unreachable' : 'refused',
    message: failure?.message ?? `The dev server answered HTTP ${response.status}.`,
    gatewayUrl: failure?.gatewayUrl,
  } satisfies DevSessionFailure;
}

/** Signs in with the demo account through the dev server; a stored session of the same account is reused. */
function DevSession({ account, children }: { account: DevAccount | null; children: ReactNode }) {
  const email = useSessionStore((state) => state.email);
  const signedIn = !account || email?.toLowerCase() === account.userName.toLowerCase();
  const [failure, setFailure] = useState<DevSessionFailure | null>(null);

  useEffect(() => {
    if (signedIn || !account) return undefined;
    let cancelled = false;
    devSession(account)
      .then((details) => {
        if (!cancelled) useSessionStore.getState().signIn(details);
      })
      .catch((error: DevSessionFailure) => {
        if (!cancelled) setFailure(error);
      });
    return () => {
      cancelled = true;
    };
  }, [account, signedIn]);

  if (signedIn) return children;
  if (failure === null) return <LoadingSpinner label="Signing in" />;
  return (
    <main style={{ padding: '2rem', maxWidth: '40rem' }}>
      <h1>Dev session failed</h1>
      <p>
        Signing in as {account?.userName}: {failure.message}
      </p>
      {failure.kind === 'unreachable' ? (
        <p>
          This dev server proxies /api to the gateway at {failure.gatewayUrl ?? 'GATEWAY_URL'} (GATEWAY_URL,
          default http://localhost:8080): start it with `npx --yes pnpm@10 --filter api-gateway dev`, then
          reload.
        </p>
      ) : (
        <p>
          The gateway at {failure.gatewayUrl ?? 'GATEWAY_URL'} is running and refused the dev account: check
          the account in this remote&apos;s src/standalone.tsx against the gateway&apos;s demo accounts
          (README, Demo accounts), then reload.
        </p>
      )}
    </main>
  );
}

function Frame({ name, routes }: { name: string; routes: RemoteRouteDefinition[] }) {
  const email = useSessionStore((state) => state.email);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '16rem 1fr', minHeight: '100vh' }}>
      <nav aria-label={`${name} pages`} style={{ borderRight: '1px solid #dee2e6', padding: '1rem' }}>
        <p style={{ fontWeight: 600, margin: '0 0 0.25rem' }}>{name} (standalone)</p>
        <p style={{ fontSize: '0.875rem', margin: '0 0 1rem', color: '#6c757d' }}>
          {email ?? 'not signed in'}
        </p>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' }}>
          {routes.map((route) => (
            <li key={route.path}>
              <NavLink to={`/${route.path}`}>{route.title}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main style={{ padding: '1.5rem' }}>
        <Routes>
          <Route path="/" element={<Navigate to={`/${routes[0]?.path ?? ''}`} replace />} />
          {routes.map(({ path, Component }) => (
            <Route
              key={path}
              path={`/${path}`}
              element={
                <Suspense fallback={<LoadingSpinner />}>
                  <Component />
                </Suspense>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <p>
                This page belongs to another part of the portal; run `npm run dev` to see everything.{' '}
                <Link to="/">Back to {name}</Link>
              </p>
            }
          />
        </Routes>
      </main>
    </div>
  );
}
