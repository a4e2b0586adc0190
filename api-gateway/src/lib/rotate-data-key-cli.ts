import { ConfigError, loadConfig } from '../config';
import { claimDataDir, dataDirHolder } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { newDataKey } from './field-crypto';
import { resealNumbers } from './sealed-numbers';
import { resealSecondFactorSecrets } from './sealed-secrets';

const USAGE = `Usage: npm run rotate-data-key            re-encrypt every BVN/NIN, account number and TOTP secret under DATA_ENCRYPTION_KEY
       npm run rotate-data-key -- new-key   print a new key (32 bytes, base64) to put in DATA_ENCRYPTION_KEY

Rotation: put the new key in DATA_ENCRYPTION_KEY and the old one in DATA_ENCRYPTION_OLD_KEYS (comma-separated),
restart the gateways (they read both), run this command, then remove the old key from DATA_ENCRYPTION_OLD_KEYS.`;

/**
 * Issue 29: rewrites every sealed value (and keyed hash) not under the current key, in batches, while the
 * portal serves (on PostgreSQL; the embedded database belongs to one process, so there the portal is stopped
 * first). Reads keep working throughout: each value names its key. Exit 1 when some value names a key that
 * is not configured (those rows are left as they are and counted).
 */
async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'new-key' && argv.length === 1) {
    console.log(newDataKey());
    return 0;
  }
  if (argv.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl) {
    if (dataDirHolder(config.dataDir)) {
      console.error(
        'The portal is running on the embedded database in this DATA_DIR: stop it, run this command, start it again.',
      );
      return 1;
    }
    release = claimDataDir(config.dataDir);
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const report = await resealNumbers({ config, db }, 'rotate');
    const secrets = await resealSecondFactorSecrets({ config, db }, 'rotate');
    const unreadable = report.unreadable + secrets.unreadable;
    console.log(
      `Re-encrypted ${report.rows} affiliate(s) and ${secrets.rows} second-factor secret(s) under key ${config.dataKeyring.currentId}` +
        (unreadable ? `; ${unreadable} sealed under a key that is not configured (left as they are).` : '.'),
    );
    return unreadable ? 1 : 0;
  } finally {
    await db.close();
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
