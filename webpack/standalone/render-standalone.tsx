// A remote on its own dev server (`npx --yes pnpm@10 --filter mfe-admin dev`): its routes under a minimal frame, with a
// dev session signed in against the gateway, so a team can work on its screens without the shell.
// Never part of a production build: remotes ship only their container there.
import { StrictMode, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, NavLink, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { AuthEndpoints, SecondFactorEndpoints, isSecondFactorChallenge } from '@portal/contracts';
import { devTotpCode } from './dev-totp';
import type { RemoteRouteDefinition, UserDetails } from '@portal/shared-ui';
import {
  LoadingSpinner,
  ToastHost,
  callEndpoint,
  errorMessageOf,
  setNavigator,
  useSessionStore,
} from '@portal/shared-ui';
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

/**
 * The dev session's one sign-in per page load. React's StrictMode runs an effect twice in development; two
 * sign-ins sent the authenticator code twice, and the gateway takes each code once: the second was refused and
 * the page showed 'Dev session failed' every time. Both runs share this promise.
 */
let devSignIn: Promise<UserDetails> | null = null;

function signInOnce(account: DevAccount): Promise<UserDetails> {
  devSignIn ??= (async () => {
    const { totpSecret, ...credentials } = account;
    const answer = await callEndpoint(AuthEndpoints.login, { body: credentials }, { quiet: true });
    if (!isSecondFactorChallenge(answer)) return answer;
    if (!totpSecret)
      throw new Error('This account has two-step sign-in: give the dev account its totpSecret.');
    const code = await devTotpCode(totpSecret);
    return callEndpoint(
      SecondFactorEndpoints.signIn,
      { body: { challenge: answer.challenge, code } },
      { quiet: true },
    );
  })();
  return devSignIn;
}

/** Signs in once with the demo account; a stored session of the same account is reused across reloads. */
function DevSession({ account, children }: { account: DevAccount | null; children: ReactNode }) {
  const email = useSessionStore((state) => state.email);
  const signedIn = !account || email?.toLowerCase() === account.userName.toLowerCase();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (signedIn || !account) return undefined;
    let cancelled = false;
    signInOnce(account)
      .then((details) => {
        if (!cancelled) useSessionStore.getState().signIn(details);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(errorMessageOf(error));
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
        Signing in as {account?.userName} answered: {failure}
      </p>
      <p>
        The dev server proxies /api to the gateway (GATEWAY_URL, default http://localhost:8080): start it with
        `npx --yes pnpm@10 --filter api-gateway dev`, then reload.
      </p>
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
