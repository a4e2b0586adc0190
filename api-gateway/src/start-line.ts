import type { AddressInfo } from 'node:net';
import type { AppConfig } from './config';

/**
 * The URL a gateway answers on, from the address it listens on: loopback or a given interface as it is, every
 * interface as localhost.
 */
export function listeningUrl(address: AddressInfo | string | null, config: Pick<AppConfig, 'port'>): string {
  if (!address || typeof address === 'string') return `http://localhost:${config.port}`;
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const host = everywhere
    ? 'localhost'
    : address.address.includes(':')
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** 'The portal is listening on http://127.0.0.1:8080 (embedded database, data in /srv/portal/data).' */
export function startLine(
  address: { address: string | null; port: number },
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'port'>,
): string {
  const host = address.address ?? '0.0.0.0';
  const everywhere = host === '0.0.0.0' || host === '::';
  const url = listeningUrl({ address: host, port: address.port, family: '' }, config);
  const where = config.databaseUrl
    ? `PostgreSQL at ${databaseLabel(config.databaseUrl)}`
    : `embedded database, data in ${config.dataDir}`;
  return `The portal is listening on ${url}${everywhere ? ' (every interface)' : ''} (${where}).`;
}

/** host:port/database of a DATABASE_URL, never its password. */
function databaseLabel(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname}`;
}

/**
 * A worker's exit code when it cannot start and a restart cannot help (port taken, embedded database held by
 * another process): it prints why in one sentence, and the supervisor stops instead of restarting it forever.
 */
export const CANNOT_START_EXIT_CODE = 78;

export function listenFailedLine(config: Pick<AppConfig, 'host' | 'port'>): string {
  return `The portal cannot listen on ${config.host}:${config.port}: is another portal or program using that port? (PORT chooses another.)`;
}
