import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/errors';
import { bearer, createAffiliate, createStaffUser } from '../../test-support/affiliate-fixtures';
import { startGateway, type GatewayProcess } from '../../test-support/gateway-process';

/**
 * Issue 14, faults: PostgreSQL stopped and started while the gateway serves. The machine's PostgreSQL is
 * shared (other suites, CI), so it is never stopped: a TCP proxy in this test stands between the gateway
 * and the server, and "stopping the database" is the proxy cutting every connection and refusing new ones
 * (docs/decisions.md). PostgreSQL only (DATABASE_URL); CI runs the gateway suite a second time on it.
 */
jest.setTimeout(120_000);

const databaseUrl = process.env.DATABASE_URL;
const onPostgres = databaseUrl ? test : test.skip;

/** A TCP proxy to host:port that can be "stopped" (every connection cut, new ones refused) and started. */
function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const relay = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  return {
    get port() {
      return port;
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer(relay);
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as net.AddressInfo).port;
          resolve();
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
  };
}

onPostgres(
  'calls answer 503 while PostgreSQL is unreachable; the gateway recovers without a restart',
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-outage-'));
    const schema = `outage_${randomBytes(6).toString('hex')}`;
    const secret = randomBytes(32).toString('hex');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      DATABASE_URL: databaseUrl,
    });
    const db = await openDatabase({ databaseUrl, schema });
    const ctx: AppContext = {
      config,
      db,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      routeDocs: [],
    };
    const proxy = databaseProxy(new URL(databaseUrl!));
    let gateway: GatewayProcess | undefined;
    try {
      await migrate(db);
      const admin = await bearer(ctx, await createStaffUser(db, 1));
      await createAffiliate(db, { status: 'KYC Pending' });
      await proxy.start();
      const throughProxy = new URL(databaseUrl!);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      gateway = await startGateway({
        DATA_DIR: dataDir,
        JWT_SECRET: secret,
        DATABASE_URL: throughProxy.toString(),
        PGOPTIONS: `-c search_path=${schema},public`,
      });
      const url = gateway.url;
      const list = () => fetch(`${url}/api/backoffice/affiliate`, { headers: { Authorization: admin } });
      const health = () => fetch(`${url}/api/health`);

      expect((await list()).status).toBe(200);
      expect((await health()).status).toBe(200);

      // "Stop" PostgreSQL: the pool's connections are cut, new ones refused.
      await proxy.stop();
      const during = await list();
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      const decision = await fetch(`${url}/api/backoffice/affiliate/kyc`, {
        method: 'POST',
        headers: { Authorization: admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ affiliateID: 1, isActive: false, remark: 'x' }),
      });
      expect(decision.status).toBe(503);
      expect(await decision.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      const down = await health();
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'degraded' });
      // Staff see why.
      const staffHealth = await fetch(`${url}/api/health`, { headers: { Authorization: admin } });
      expect(staffHealth.status).toBe(503);

      // "Start" it again: the same process serves again by itself.
      await proxy.start();
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await list()).status;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      expect((await health()).status).toBe(200);
      expect(gateway.child.exitCode).toBeNull();
    } finally {
      await gateway?.kill();
      await proxy.stop().catch(() => undefined);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
