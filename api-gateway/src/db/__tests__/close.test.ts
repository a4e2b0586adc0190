import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { openSuiteDatabase } from '../../../test-support/suite-database';

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
  // 500 ms jest waits for it ("A worker process has failed to exit gracefully"). The engine is watched by a weak
  // reference: memory figures differ between Node lines (Node 20 counts WebAssembly memory in `external`, 24 and
  // 26 do not) and resident memory is not handed back at once inside a busy worker.
  const create = jest.spyOn(PGlite, 'create');
  const db = await openSuiteDatabase('close');
  const engine = new WeakRef((await create.mock.results[0].value) as PGlite);
  create.mockRestore();
  await db.query('SELECT 1');
  await collect();
  expect(engine.deref()).toBeDefined();

  await db.close();
  await collect();
  expect(engine.deref()).toBeUndefined();
  await expect(db.query('SELECT 1')).rejects.toThrow('the database is closed');
  await expect(db.transaction(async () => undefined)).rejects.toThrow('the database is closed');
  await db.close();
});
