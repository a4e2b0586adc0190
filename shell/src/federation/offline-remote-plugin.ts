import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const UNAVAILABLE = Symbol.for('portal.remote-unavailable');

/** What `loadRemote` answers instead of throwing when a remote cannot be loaded. */
export interface UnavailableRemoteModule {
  readonly [UNAVAILABLE]: true;
  readonly id: string;
  readonly error: unknown;
}

export function isUnavailableRemoteModule(value: unknown): value is UnavailableRemoteModule {
  return typeof value === 'object' && value !== null && UNAVAILABLE in value;
}

/**
 * A remote that is down (manifest, entry or chunk unreachable) or throws while loading must not take the
 * shell down: `loadRemote` then resolves to a marker the page turns into "This section is unavailable".
 * Only the final `onLoad` stage is answered; earlier stages (the manifest fetch) expect other shapes.
 */
export function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[federation] ${id} could not be loaded`, error);
      const unavailable: UnavailableRemoteModule = { [UNAVAILABLE]: true, id, error };
      return unavailable;
    },
  };
}
