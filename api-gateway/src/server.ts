import cluster from 'node:cluster';
import pino from 'pino';
import { createApp } from './app';
import { ConfigError, LOG_REDACT_PATHS, loadConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { startBackgroundWork } from './background';
import { installProcessGuards } from './process-guard';
import { seedIfEmpty } from './seed/seed';
import { sealNumbersAtStart } from './lib/sealed-numbers';
import { createHttpServer } from './http/http-server';
import { CANNOT_START_EXIT_CODE, listenFailedLine, listeningUrl } from './start-line';
import { DataDirInUseError, announceDataDirUrl, claimDataDir } from './db/data-dir-lock';
import { waitForDatabase } from './db/wait-for-database';
import { startDraining } from './modules/health';
import { gatewayReady } from './metrics/gateway-metrics';
import { answerSupervisorScrapes, startMetricsServer } from './metrics/metrics-endpoint';

/** How long requests in flight and the outbox worker's current message may take once the drain is over. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, redact: LOG_REDACT_PATHS });
  installProcessGuards(logger);
  let releaseDataDir = () => {};
  if (!config.databaseUrl) {
    try {
      releaseDataDir = claimDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(CANNOT_START_EXIT_CODE);
    }
  }
  // Under the supervisor its metrics port serves this worker's series too (readiness 0 until it serves);
  // alone, the gateway serves its own.
  if (cluster.isWorker) answerSupervisorScrapes();
  else if (config.metrics.port > 0) {
    await startMetricsServer(config.metrics, logger).catch((error: unknown) =>
      logger.error(
        { err: error, port: config.metrics.port },
        'metrics port not available; serving without it',
      ),
    );
  }
  // Stopped while it still waits for the database: nothing to finish.
  const stopWaiting = () => process.exit(0);
  process.once('SIGTERM', stopWaiting);
  process.once('SIGINT', stopWaiting);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
  });
  await waitForDatabase(db, config.databaseUrl);
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const ctx: AppContext = { config, db, logger, now: () => new Date(), routeDocs: [] };
  // Issue 29: rows written before numbers were sealed are sealed now, before anything is served.
  await sealNumbersAtStart(ctx);
  if (config.seedDemo) await seedIfEmpty(ctx);
  const app = await createApp(ctx);
  const stopBackground = startBackgroundWork(ctx);
  const server = createHttpServer(app);
  // A listen failure (port taken, no permission) must end the process: the process guards would otherwise
  // keep a gateway alive that serves nothing.
  server.once('error', (error) => {
    logger.fatal({ err: error }, 'could not listen');
    console.error(listenFailedLine(config));
    process.exit(CANNOT_START_EXIT_CODE);
  });
  server.listen(config.port, config.host, () => {
    logger.info(
      {
        host: config.host,
        port: config.port,
        driver: db.driver,
        dataDir: config.databaseUrl ? undefined : config.dataDir,
      },
      'affiliate portal listening',
    );
    if (!config.databaseUrl) announceDataDirUrl(config.dataDir, listeningUrl(server.address(), config));
    gatewayReady.set(1);
  });
  let stopping = false;
  // Graceful stop (SIGTERM from the supervisor, an orchestrator, Ctrl-C). First the drain (issue 52): still
  // listening, the gateway answers not ready and closes each keep-alive connection after its answer, so a
  // proxy moves its traffic elsewhere without sending on a connection being closed. Then no new connections,
  // requests in flight finish and get their answer, the outbox worker finishes the message it is sending, the
  // pool closes and the process exits 0. Whatever is still running after the grace period is cut off.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining();
    logger.info({ signal, drainMs: config.drainMs }, 'draining');
    await new Promise((resolve) => setTimeout(resolve, config.drainMs));
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A keep-alive connection that has just had its answer would keep the server open: close idle ones as
    // they become idle.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    await Promise.all([closed, stopBackground()]);
    clearInterval(idle);
    await db.close();
    releaseDataDir();
    logger.info('stopped');
    process.exit(0);
  };
  process.off('SIGTERM', stopWaiting);
  process.off('SIGINT', stopWaiting);
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
