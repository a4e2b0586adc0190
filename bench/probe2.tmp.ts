import { openDatabase } from '../api-gateway/src/db/database';
import { migrate } from '../api-gateway/src/db/migrate';
import { seedDemoData } from '../api-gateway/src/seed/seed';
import { volumeFor } from '../api-gateway/src/seed/volume';

async function main() {
  const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', schema: 'orders_probe_tmp' });
  await migrate(db);
  await db.transaction((tx) => seedDemoData(tx, { now: new Date(), counts: { ...volumeFor(250), logins: 0 } }));
  console.log('seeded');
  process.exit(0);
}
main();
