import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { CHUNK_BYTES } from '../database-bytes';
import { FileStore } from '../file-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exportMeta = { purpose: 'export' as const, contentType: 'application/octet-stream', extension: 'bin' };

async function writeInPieces(stream: NodeJS.WritableStream, data: Buffer): Promise<void> {
  for (let offset = 0; offset < data.length; offset += 10_000) {
    const piece = data.subarray(offset, offset + 10_000);
    if (!stream.write(piece)) await new Promise((resolve) => stream.once('drain', resolve));
  }
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

const chunkRows = async (storageKey: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stored_file_chunks WHERE storage_key = $1',
      [storageKey],
    )
  ).rows[0].n;

describe.each(['disk', 'database'] as const)('the %s store', (backend) => {
  const store = () => new FileStore(t.ctx, { backend });

  test('a streamed file of several chunks reads back whole, then is removed', async () => {
    const data = randomBytes(2 * CHUNK_BYTES + 12_345);
    const output = await store().createWriteStream(exportMeta);
    await writeInPieces(output.stream, data);
    const file = await output.finish(t.ctx.db);
    expect(file.sizeBytes).toBe(data.length);
    expect((await store().read(file.storageKey))!.equals(data)).toBe(true);
    if (backend === 'database') expect(await chunkRows(file.storageKey)).toBeGreaterThan(1);
    await store().remove(t.ctx.db, file);
    expect(await store().read(file.storageKey)).toBeUndefined();
    expect(await store().find(t.ctx.db, { fileId: file.fileId })).toBeUndefined();
  });

  test('an aborted export leaves nothing behind', async () => {
    const output = await store().createWriteStream(exportMeta);
    output.stream.write(randomBytes(CHUNK_BYTES + 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await output.abort();
    expect(await store().read(output.file.storageKey)).toBeUndefined();
    if (backend === 'database') expect(await chunkRows(output.file.storageKey)).toBe(0);
  });

  test('a whole buffer put in a transaction that rolls back leaves nothing behind', async () => {
    let key = '';
    await t.ctx.db
      .transaction(async (tx) => {
        key = (
          await store().put(tx, { ...exportMeta, purpose: 'selfie', extension: 'png' }, Buffer.from('x'))
        ).storageKey;
        throw new Error('abandon');
      })
      .catch(() => undefined);
    await store().removeBytes(key); // what the upload does when its transaction fails
    expect(await store().read(key)).toBeUndefined();
  });
});

test('chunks whose row never came are swept once old enough, and only those', async () => {
  const store = new FileStore(t.ctx, { backend: 'database' });
  const orphan = await store.createWriteStream(exportMeta);
  await writeInPieces(orphan.stream, randomBytes(100));
  const kept = await store.createWriteStream(exportMeta);
  await writeInPieces(kept.stream, randomBytes(100));
  const recorded = await kept.finish(t.ctx.db);
  expect(await store.sweepOrphans(new Date(t.ctx.now().getTime() - 60_000))).toBe(0);
  expect(await store.sweepOrphans(new Date(t.ctx.now().getTime() + 60_000))).toBeGreaterThanOrEqual(1);
  expect(await store.read(orphan.file.storageKey)).toBeUndefined();
  expect((await store.read(recorded.storageKey))!.length).toBe(100);
  await store.remove(t.ctx.db, recorded);
});
