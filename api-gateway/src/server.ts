import pino from 'pino';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { startBackgroundWork } from './background';
import { installProcessGuards } from './process-guard';
import { seedIfEmpty } from './seed/seed';
import { createHttpServer } from './http/http-server';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  installProcessGuards(logger);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
  });
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const ctx: AppContext = { config, db, logger, now: () => new Date(), routeDocs: [] };
  if (config.seedDemo) await seedIfEmpty(ctx);
  const app = await createApp(ctx);
  const stopBackground = startBackgroundWork(ctx);
  const server = createHttpServer(app);
  // A listen failure (port taken, no permission) must end the process: the process guards would otherwise
  // keep a gateway alive that serves nothing.
  server.once('error', (error) => {
    logger.fatal({ err: error }, 'could not listen');
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    logger.info(
      { port: config.port, driver: db.driver, dataDir: config.databaseUrl ? undefined : config.dataDir },
      `affiliate portal listening on http://localhost:${config.port}`,
    );
  });
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopBackground();
    server.close(() => {
      db.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
