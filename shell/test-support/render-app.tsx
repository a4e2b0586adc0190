import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import {
  ADMIN_RIGHTS,
  AFFILIATE_COMPLETE_RIGHTS,
  AFFILIATE_REJECTED_RIGHTS,
  BACKOFFICE_RIGHTS,
} from '@portal/contracts';
import type { LoginResponse } from '@portal/contracts';
import { ToastHost, useSessionStore } from '@portal/shared-ui';
import { buildRoutes } from '../src/app/routing/routes';

/** A login response as the gateway gives it for each demo account. */
export function demoSession(
  role: 'Admin' | 'Backoffice' | 'Affiliate' | 'RejectedAffiliate',
  overrides: Partial<LoginResponse> = {},
): LoginResponse {
  const base = {
    Admin: { roleID: 1, userRole: 'Admin', email: 'admin@example.com', userRights: [...ADMIN_RIGHTS] },
    Backoffice: {
      roleID: 2,
      userRole: 'Backoffice',
      email: 'backoffice@example.com',
      userRights: [...BACKOFFICE_RIGHTS],
    },
    Affiliate: {
      roleID: 3,
      userRole: 'Affiliate',
      email: 'affiliate@example.com',
      userRights: [...AFFILIATE_COMPLETE_RIGHTS],
    },
    RejectedAffiliate: {
      roleID: 3,
      userRole: 'Affiliate',
      email: 'rejected@example.com',
      userRights: [...AFFILIATE_REJECTED_RIGHTS],
    },
  }[role] as Pick<LoginResponse, 'roleID' | 'userRole' | 'email' | 'userRights'>;
  return {
    ...base,
    fullName: 'Demo User',
    forcePasswordUpdate: false,
    token: `token-${role}`,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides,
  };
}

/** jsdom has no matchMedia; the layout asks it whether the screen is under 768 px. */
export function setScreenWidth(width: number): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        onchange: null,
        dispatchEvent: () => false,
      };
    },
  });
}

/** Renders the shell's route tree at `url`, remotes replaced by a line naming remote and path. */
export function renderApp(url: string, session: LoginResponse | null = null) {
  if (session) useSessionStore.getState().signIn(session);
  else useSessionStore.getState().signOut();
  const router = createMemoryRouter(
    buildRoutes((remote, path) => <p data-testid="remote-page">{`${remote}:${path}`}</p>),
    { initialEntries: [url] },
  );
  return {
    router,
    ...render(
      <>
        <RouterProvider router={router} />
        <ToastHost />
      </>,
    ),
  };
}
