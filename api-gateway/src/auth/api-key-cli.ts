import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { ApiKeyError, createApiKey, listApiKeys, revokeApiKey } from './api-keys';

const USAGE = 'Usage: npm run api-key -- create <name> | revoke <name> | list';

/**
 * Integration API keys for the configured database (same DATA_DIR / DATABASE_URL and JWT_SECRET as the
 * gateway: keys are stored as a hash keyed by that secret). `create` prints the key once.
 */
async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (!command || (command !== 'list' && !name)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const ctx: AppContext = {
      config,
      db,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      routeDocs: [],
    };
    if (command === 'create') {
      const key = await createApiKey(ctx, name);
      console.log(`Created API key "${name}". Send it in the X-API-Key header; it is shown only this once:`);
      console.log(key);
      return 0;
    }
    if (command === 'revoke') {
      if (await revokeApiKey(ctx, name)) {
        console.log(`Revoked API key "${name}".`);
        return 0;
      }
      console.error(`No live API key named "${name}".`);
      return 1;
    }
    if (command === 'list') {
      for (const key of await listApiKeys(ctx)) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'live';
        console.log(`${key.name}\t${key.prefix}…\tcreated ${key.createdAt.toISOString()}\t${state}`);
      }
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof ApiKeyError ? error.message : error);
    process.exit(1);
  },
);
