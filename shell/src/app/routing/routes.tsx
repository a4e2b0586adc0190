import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '@portal/shared-ui';
import { Guard, RequireSession } from '../guard/guard';
import { routesWithAccess } from './route-table';
import type { RemoteName } from './route-table';

// Shell screens load on demand, so the login page carries no layout, profile or 404 code.
const AppLayout = lazy(() => import('../layout/app-layout').then((m) => ({ default: m.AppLayout })));
const ProfilePage = lazy(() =>
  import('../pages/profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const PageNotFoundPage = lazy(() =>
  import('../pages/page-not-found/page-not-found-page').then((m) => ({ default: m.PageNotFoundPage })),
);

export type RenderRemote = (remote: RemoteName, path: string) => ReactNode;

const suspended = (node: ReactNode) => <Suspense fallback={<LoadingSpinner />}>{node}</Suspense>;

/** The route tree of spec §2; `renderRemote` draws a remote's page (federation in the app, a stub in tests). */
export function buildRoutes(renderRemote: RenderRemote): RouteObject[] {
  const remoteRoute = ({ path, remote }: { path: string; remote: RemoteName }): RouteObject => ({
    path,
    element: renderRemote(remote, path),
  });
  return [
    {
      path: '/',
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        ...routesWithAccess('public').map(remoteRoute),
        { path: 'page-not-found', element: suspended(<PageNotFoundPage />) },
        {
          element: <RequireSession />,
          children: [
            {
              element: suspended(<AppLayout />),
              children: [
                { path: 'profile', element: <ProfilePage /> },
                ...routesWithAccess('session').map(remoteRoute),
                { element: <Guard />, children: routesWithAccess('guarded').map(remoteRoute) },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/page-not-found" replace /> },
      ],
    },
  ];
}
