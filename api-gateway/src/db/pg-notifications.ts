import type { Client, Notification, Pool, PoolClient } from 'pg';

/** How long a lost listening connection waits before trying again. */
const RECONNECT_MS = 500;
/**
 * A connection can die without a word (a network partition sends no reset): the listening one is asked a
 * trivial query this often, and counted as lost when the answer takes longer than HEARTBEAT_TIMEOUT_MS.
 */
const HEARTBEAT_MS = 2000;
const HEARTBEAT_TIMEOUT_MS = 5000;

export type Listen = (
  channel: string,
  handler: (payload: string) => void,
  onStatus?: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

/**
 * LISTEN on a PostgreSQL server, in two ways at once, so an in-process cache is dropped in time:
 *
 * - a dedicated connection hears every other process's commits, a moment after they land (milliseconds);
 *   when it drops, `onStatus(false)` says so until it is back (`onStatus(true)`, after a fresh LISTEN);
 * - every pooled connection LISTENs too, because PostgreSQL hands a session its own notices before the
 *   ReadyForQuery that ends its commit: this process's own writes call `handler` before the query that
 *   made them resolves, so the caller's next request cannot read what it has just changed.
 */
export function pgListen(pool: Pool, connectionString: string): Listen {
  return async (channel, handler, onStatus = () => undefined) => {
    const quoted = `"${channel.replace(/"/g, '""')}"`;
    const onNotification = (message: Notification) => {
      if (message.channel === channel) handler(message.payload ?? '');
    };

    const enlisted = new WeakSet<PoolClient>();
    const enlist = (client: PoolClient) => {
      if (enlisted.has(client)) return;
      enlisted.add(client);
      client.on('notification', onNotification);
      // Queued ahead of the query the client was acquired for, so it is listening before that query runs.
      client.query(`LISTEN ${quoted}`).catch(() => enlisted.delete(client));
    };
    pool.on('acquire', enlist);

    const { Client: PgClient } = await import('pg');
    let stopped = false;
    let client: Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let listening = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const lost = () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      if (listening) {
        listening = false;
        onStatus(false);
      }
      // Its late events are not ours any more, but an unheard 'error' would end the process.
      client?.removeAllListeners();
      client?.on('error', () => undefined);
      client?.end().catch(() => undefined);
      client = undefined;
      if (!stopped && !timer) {
        timer = setTimeout(() => void connect(), RECONNECT_MS);
        timer.unref();
      }
    };
    const connect = async (): Promise<void> => {
      timer = undefined;
      // Named per process, so a test can cut this connection and no other process's.
      const next = new PgClient({
        connectionString,
        application_name: `portal-listen-${process.pid}`,
        keepAlive: true,
      });
      client = next;
      // An 'error' without a listener would end the process.
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', onNotification);
      try {
        await next.connect();
        await next.query(`LISTEN ${quoted}`);
      } catch {
        if (client === next) lost();
        return;
      }
      if (stopped || client !== next) {
        // Stopped (or replaced) while connecting: this connection has no one to tell.
        next.removeAllListeners();
        next.on('error', () => undefined);
        await next.end().catch(() => undefined);
        return;
      }
      listening = true;
      onStatus(true);
      let waiting = false;
      heartbeat = setInterval(() => {
        if (waiting || client !== next) return;
        waiting = true;
        const silent = setTimeout(() => client === next && lost(), HEARTBEAT_TIMEOUT_MS);
        silent.unref();
        next
          .query('SELECT 1')
          .catch(() => undefined)
          .finally(() => {
            waiting = false;
            clearTimeout(silent);
          });
      }, HEARTBEAT_MS);
      heartbeat.unref();
    };
    await connect();
    if (!listening) onStatus(false);

    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      pool.off('acquire', enlist);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    };
  };
}
