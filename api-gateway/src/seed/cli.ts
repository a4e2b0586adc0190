import pino from 'pino';
import { ConfigError, LOG_REDACT_PATHS, loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from './seed';

/**
 * Seeds the configured database at SEED_SCALE (default 1), e.g. `SEED_SCALE=250 pnpm --filter api-gateway seed`
 * for 50k affiliates, 100k retailers and 1M orders. Only an empty database (no users) is seeded.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, redact: LOG_REDACT_PATHS });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const ctx: AppContext = { config, db, logger, now: () => new Date(), routeDocs: [] };
    const report = await seedIfEmpty(ctx, config.seedScale);
    if (report.seeded) {
      console.log(`Seeded scale ${config.seedScale} on ${db.driver} in ${report.ms} ms:`, report.counts);
    } else {
      console.log('The database already has users; nothing seeded.');
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
