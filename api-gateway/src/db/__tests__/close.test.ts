import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openSuiteDatabase } from '../../../test-support/suite-database';

const MB = 1024 * 1024;
const onPglite = process.env.DATABASE_URL ? test.skip : test;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Full collections with turns of the event loop between them (weak callbacks run in between). */
async function collect(): Promise<void> {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

onPglite('a closed PGlite database frees its engine while the Database object is still held', async () => {
  // A jest worker runs many files and keeps each file's scope (and its Database) a while after the file;
  // with ~200 MB per engine kept until then, a worker ended the suite with GBs to free and outlived the
  // 500 ms jest waits for it ("A worker process has failed to exit gracefully").
  await collect();
  // Resident memory: Node 20 also counts the engine's WebAssembly memory in `external`, Node 24 and 26 do not.
  const before = process.memoryUsage().rss;
  const db = await openSuiteDatabase('close');
  await db.query('SELECT 1');
  await collect();
  // The engine's WebAssembly memory is resident: what the test looks for is there to see.
  expect(process.memoryUsage().rss - before).toBeGreaterThan(100 * MB);

  await db.close();
  await collect();
  expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
  await expect(db.query('SELECT 1')).rejects.toThrow('the database is closed');
  await expect(db.transaction(async () => undefined)).rejects.toThrow('the database is closed');
  await db.close();
});
