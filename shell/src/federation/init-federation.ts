import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { SignInEndpoints, isPortalRemoteName, parseRemotesResponse } from '@portal/contracts/web';
import type { PortalRemoteName } from '@portal/contracts/web';
import type { RemoteRouteDefinition } from '@portal/shared-ui';
import { REMOTE_ROUTES } from '../app/routing/route-table';
import { isUnavailableRemoteModule, offlineRemotePlugin } from './offline-remote-plugin';

export const REMOTES_CONFIG_URL = `/api${SignInEndpoints.remotes.path}`;

/** Thrown (and caught by the remote's error boundary) when a remote or its page cannot be shown. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: PortalRemoteName,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${remote}: ${reason}`, options);
    this.name = 'RemoteUnavailableError';
  }
}

const entries = new Map<PortalRemoteName, string>();
const routesByRemote = new Map<PortalRemoteName, Promise<RemoteRouteDefinition[]>>();
let pluginsRegistered = false;

/**
 * Reads the remote list from the gateway (environment-driven, so a remote can move without a shell build)
 * and registers it with the federation runtime. Nothing is downloaded until a route needs its remote.
 */
export async function initFederation(): Promise<void> {
  if (!pluginsRegistered) {
    registerPlugins([offlineRemotePlugin()]);
    pluginsRegistered = true;
  }
  // Before the share scope exists there is no shared-ui client yet; the URL still comes from the definition.
  // eslint-disable-next-line no-restricted-syntax
  const response = await fetch(REMOTES_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  const answer = parseRemotesResponse(await response.json());
  if (!answer) throw new Error(`${REMOTES_CONFIG_URL} answered something that is not a remote list`);
  const { remotes } = answer;
  const known = remotes.filter((remote) => isPortalRemoteName(remote.name));
  for (const { name, entry } of known) entries.set(name as PortalRemoteName, entry);
  registerRemotes(known.map(({ name, entry }) => ({ name, entry })));
}

/**
 * The route list a remote exposes (`<remote>/routes`), loaded once per page view. A failure stays cached
 * until `reloadRemote`, so every page of a broken remote shows the same state until the user retries.
 */
export function loadRemoteRoutes(remote: PortalRemoteName): Promise<RemoteRouteDefinition[]> {
  let routes = routesByRemote.get(remote);
  if (!routes) {
    routes = fetchRemoteRoutes(remote);
    // The failure is shown by the section's error boundary; it is not an unhandled rejection.
    routes.catch(() => undefined);
    routesByRemote.set(remote, routes);
  }
  return routes;
}

/**
 * Starts loading the remote of the page a visit opens on, beside the layout's own files rather than once the
 * layout has drawn, and then the page's own prefetch (its file and first data) (issue 51: on a phone that is
 * several round trips fewer before a signed-in page's data). A guarded page opened without a session goes to
 * login, so its remote is not fetched then.
 */
export function preloadRemoteOf(pathname: string, signedIn: boolean): void {
  const route = REMOTE_ROUTES.find((candidate) => `/${candidate.path}` === pathname);
  if (!route || (route.access !== 'public' && !signedIn)) return;
  loadRemoteRoutes(route.remote)
    .then((routes) => routes.find((candidate) => candidate.path === route.path)?.prefetch?.())
    .catch(() => undefined);
}

async function fetchRemoteRoutes(remote: PortalRemoteName): Promise<RemoteRouteDefinition[]> {
  // The remote list itself may have failed at start (gateway briefly down): fetch it again first.
  if (!entries.has(remote)) await initFederation().catch(() => undefined);
  if (!entries.has(remote)) throw new RemoteUnavailableError(remote, 'not in the remote list');
  const loaded = await loadRemote<{ default: RemoteRouteDefinition[] }>(`${remote}/routes`);
  if (isUnavailableRemoteModule(loaded)) {
    throw new RemoteUnavailableError(remote, 'could not be loaded', { cause: loaded.error });
  }
  if (!loaded || !Array.isArray(loaded.default)) {
    throw new RemoteUnavailableError(remote, './routes has no default export of routes');
  }
  return loaded.default;
}

/**
 * Forgets everything loaded from a remote and registers it again, so the next render fetches its manifest
 * and entry afresh (the Retry button; also picks up a remote redeployed meanwhile).
 */
export function reloadRemote(remote: PortalRemoteName): void {
  routesByRemote.delete(remote);
  const entry = entries.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
