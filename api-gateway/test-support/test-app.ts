import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type express from 'express';
import pino, { type Logger } from 'pino';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { migrate } from '../src/db/migrate';
import { openMigratedSuiteDatabase } from './suite-database';

/** The context behind each app createTestApp made: sign-in helpers complete the code step with it. */
export const testAppContexts = new WeakMap<express.Express, AppContext>();

export interface TestApp {
  app: express.Express;
  ctx: AppContext;
  /** Moves the app's clock; every expiry the server checks reads it. */
  advanceClock(ms: number): void;
  /**
   * Stops the app's clock at this instant (advanceClock still moves it): a test that checks an exact wait ("Please
   * wait 20 seconds") must not see the real seconds a busy machine spends between its calls.
   */
  freezeClock(): void;
  close(): Promise<void>;
}

/** The clock of a test app: real time plus what the test advanced it by, or stopped where it was frozen. */
export function testClock(): Pick<TestApp, 'advanceClock' | 'freezeClock'> & { now: () => Date } {
  let offsetMs = 0;
  let frozenAt: number | undefined;
  return {
    now: () => new Date((frozenAt ?? Date.now()) + offsetMs),
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    freezeClock: () => {
      frozenAt = Date.now();
    },
  };
}

/**
 * A fresh app on its own database: embedded PGlite in memory by default, or a throwaway schema on the
 * PostgreSQL server named by DATABASE_URL (so the same suite runs on both drivers). Silent unless given a logger.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const db = await openMigratedSuiteDatabase('test');
  await migrate(db);
  const clock = testClock();
  const ctx: AppContext = {
    config,
    db,
    logger: options.logger ?? pino({ level: 'silent' }),
    now: clock.now,
    routeDocs: [],
  };
  const app = await createApp(ctx);
  testAppContexts.set(app, ctx);
  return {
    app,
    ctx,
    advanceClock: clock.advanceClock,
    freezeClock: clock.freezeClock,
    close: async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
