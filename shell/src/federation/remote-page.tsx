import { Suspense, use, useEffect } from 'react';
import type { PortalRemoteName } from '@portal/contracts/web';
import { LoadingSpinner } from '@portal/shared-ui';
import { FirstPaint, firstPaintFor } from './first-paint';
import { RemoteUnavailableError, loadRemoteRoutes, reloadRemote } from './init-federation';
import { RemoteErrorBoundary } from './remote-error-boundary';

export interface RemotePageProps {
  remote: PortalRemoteName;
  /** Route path as the remote's `./routes` lists it, without a leading slash. */
  path: string;
}

/**
 * A page a remote renders: loads `<remote>/routes` on first use (only the remote this route needs), shows a
 * spinner meanwhile (or, on the first page of a visit, the first paint the gateway sent with the document), and
 * keeps any failure inside this section with a Retry that reloads the remote.
 */
export function RemotePage({ remote, path }: RemotePageProps) {
  const firstPaint = firstPaintFor(`/${path}`);
  return (
    <RemoteErrorBoundary remote={remote} onRetry={() => reloadRemote(remote)}>
      <Suspense fallback={firstPaint ? <FirstPaint element={firstPaint} /> : <LoadingSpinner />}>
        <RemoteRoute remote={remote} path={path} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteRoute({ remote, path }: RemotePageProps) {
  const routes = use(loadRemoteRoutes(remote));
  const route = routes.find((candidate) => candidate.path === path);
  useEffect(() => {
    if (route) document.title = `${route.title} | Affiliate Portal`;
  }, [route]);
  if (!route) throw new RemoteUnavailableError(remote, `has no page for "${path}"`);
  const { Component } = route;
  return <Component />;
}
