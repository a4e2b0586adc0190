import { PORTAL_REMOTES } from '@portal/contracts';
import type { RemotesResponse } from '@portal/contracts';
import type { AppConfig } from '../../config';
import { ConfigError } from '../../config';

/** Where the gateway serves a remote's build inside WEB_ROOT, and under which URL. */
export const remoteFolder = (folder: string) => `remotes/${folder}`;
export const defaultRemoteEntry = (folder: string) => `/${remoteFolder(folder)}/mf-manifest.json`;

/**
 * Each remote's manifest URL: served by this gateway by default, or wherever REMOTES points (a CDN, another
 * deployment). An override may be keyed by the federation name (`mfe_admin`), the package (`mfe-admin`) or
 * the folder (`admin`). Unknown keys and unusable URLs fail at start, not in a user's browser.
 */
export function remoteEntries(config: Pick<AppConfig, 'remoteOverrides'>): RemotesResponse['remotes'] {
  const overrides = new Map(Object.entries(config.remoteOverrides));
  const remotes = PORTAL_REMOTES.map((remote) => {
    const keys = [remote.name, remote.packageName, remote.folder].filter((key) => overrides.has(key));
    if (keys.length > 1)
      throw new ConfigError(`Invalid configuration:\n  REMOTES: ${keys.join(' and ')} name the same remote`);
    const override = keys[0] === undefined ? undefined : overrides.get(keys[0]);
    keys.forEach((key) => overrides.delete(key));
    if (override !== undefined) checkEntryUrl(keys[0] ?? remote.name, override);
    return { name: remote.name, entry: override ?? defaultRemoteEntry(remote.folder) };
  });
  if (overrides.size > 0) {
    const known = PORTAL_REMOTES.map((remote) => remote.name).join(', ');
    throw new ConfigError(
      `Invalid configuration:\n  REMOTES: unknown remote ${[...overrides.keys()].join(', ')} (known: ${known})`,
    );
  }
  return remotes;
}

function checkEntryUrl(key: string, entry: string): void {
  if (entry.startsWith('/') && !entry.startsWith('//')) return;
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigError(
      `Invalid configuration:\n  REMOTES: ${key} must be an http(s) URL or a path starting with /`,
    );
  }
}

/** Origins other than the portal's own that remotes are loaded from; the page's CSP must allow them. */
export function externalRemoteOrigins(remotes: RemotesResponse['remotes']): string[] {
  const origins = remotes
    .filter((remote) => !remote.entry.startsWith('/'))
    .map((remote) => new URL(remote.entry).origin);
  return [...new Set(origins)];
}
