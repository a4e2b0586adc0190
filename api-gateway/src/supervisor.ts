// The production entry: keeps gateway workers running. A worker that dies (a crash the process guard could
// not absorb, an out-of-memory kill) is replaced, so the portal comes back without anyone restarting it.
// On the embedded database there is exactly one worker (PGlite is one process's files); on PostgreSQL one
// per core, sharing the port through node's cluster module.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, gatewayWorkers, LOG_REDACT_PATHS, loadConfig } from './config';
import { CANNOT_START_EXIT_CODE, startLine } from './start-line';
import { Counter } from 'prom-client';
import { aggregateWorkers, startMetricsServer, supervisorRegistry } from './metrics/metrics-endpoint';

/** A worker that dies sooner than this after starting counts as a crash loop: restarts back off. */
const HEALTHY_AFTER_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 200;
const MAX_RESTART_DELAY_MS = 30_000;
/** Beyond the workers' drain (DRAIN_SECONDS): their requests, outbox message and pool. */
const SHUTDOWN_GRACE_MS = 15_000;

const workerRestarts = new Counter({
  name: 'portal_gateway_worker_restarts_total',
  help: 'Gateway workers that died and were started again by the supervisor.',
  registers: [supervisorRegistry],
});

function main(): void {
  let config;
  try {
    // Parsed here first so a bad variable stops the start with one clear message, and so the development
    // JWT secret is written once before any worker reads it.
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const logger = pino({ level: config.logLevel, redact: LOG_REDACT_PATHS });
  const count = gatewayWorkers(config);
  // Issue 52: one scrape of the metrics port sees every worker.
  aggregateWorkers();
  if (config.metrics.port > 0) {
    startMetricsServer(config.metrics, logger).then(
      () => logger.info({ host: config.metrics.host, port: config.metrics.port }, 'metrics listening'),
      (error: unknown) =>
        logger.error(
          { err: error, port: config.metrics.port },
          'metrics port not available; serving without it',
        ),
    );
  }
  // Under tsx (tests, `npm run dev`) the worker is the TypeScript source; built, it is server.js.
  cluster.setupPrimary({ exec: path.join(__dirname, `server${path.extname(__filename)}`) });

  let stopping = false;
  /** Set when a worker did not stop cleanly while shutting down: the supervisor then exits 1. */
  let uncleanStop = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    logger.info({ workerPid: worker.process.pid }, 'gateway worker started');
  };

  let announced = false;
  cluster.on('listening', (worker, address) => {
    logger.info({ workerPid: worker.process.pid, port: address.port }, 'gateway worker listening');
    if (!announced) {
      announced = true;
      // The one line a person starting the portal looks for, printed only once it really answers, with the
      // address it listens on.
      console.log(startLine(address, config));
    }
    // Migrations and the demo seed run in the first worker; the others start once it serves.
    if (cluster.workers && Object.keys(cluster.workers).length < count && !stopping) fork();
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      // A worker stops cleanly (0) once its requests, its outbox message and its pool are done.
      if (code !== 0) uncleanStop = true;
      logger.info({ workerPid: worker.process.pid, code, signal }, 'gateway worker stopped');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(uncleanStop ? 1 : 0);
      return;
    }
    // The worker said why (port taken, embedded database held elsewhere); a restart would only say it again.
    if (code === CANNOT_START_EXIT_CODE && !announced) process.exit(1);
    restartDelay =
      lived > HEALTHY_AFTER_MS ? FIRST_RESTART_DELAY_MS : Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    logger.error(
      { workerPid: worker.process.pid, code, signal, restartInMs: restartDelay },
      'gateway worker exited',
    );
    workerRestarts.inc();
    // Not unref'd: with every worker gone this timer is what keeps the supervisor alive until the restart.
    setTimeout(fork, restartDelay);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping gateway workers');
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker =>
      Boolean(worker),
    );
    if (workers.length === 0) process.exit(0);
    // Each worker finishes its requests in flight, stops its background work and closes its pool.
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), config.drainMs + SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  logger.info(
    { workers: count, driver: config.databaseUrl ? 'postgres' : 'pglite' },
    'gateway supervisor started',
  );
  fork();
}

if (cluster.isPrimary) main();
