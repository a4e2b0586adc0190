import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Sql } from '../db/database';
import type { ByteStore, ByteWriter } from './byte-store';

/** Local disk under DATA_DIR/files: one process (embedded PGlite) or several on one machine. */
export class DiskBytes implements ByteStore {
  constructor(private readonly root: string) {}

  async put(_sql: Sql, storageKey: string, data: Buffer): Promise<void> {
    await this.ensureDir(storageKey);
    await writeFile(this.pathOf(storageKey), data, { mode: 0o600 });
  }

  async createWriter(storageKey: string): Promise<ByteWriter> {
    await this.ensureDir(storageKey);
    const fullPath = this.pathOf(storageKey);
    const stream = createWriteStream(fullPath, { mode: 0o600 });
    // Listened to from the start: an 'error' event without a listener would end the process.
    const failed = new Promise<never>((_resolve, reject) => stream.on('error', reject));
    failed.catch(() => undefined);
    return {
      stream,
      failed,
      size: async () => (await stat(fullPath)).size,
      discard: async () => {
        stream.destroy();
        await rm(fullPath, { force: true });
      },
    };
  }

  openRead(storageKey: string): Readable {
    return createReadStream(this.pathOf(storageKey));
  }

  async remove(_sql: Sql | undefined, storageKey: string): Promise<void> {
    await rm(this.pathOf(storageKey), { force: true });
  }

  /** One process on local disk: an export that fails is removed in place, as before. */
  async sweepOrphans(): Promise<number> {
    return 0;
  }

  private pathOf(storageKey: string): string {
    const resolved = path.resolve(this.root, storageKey);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('storage key escapes the store');
    return resolved;
  }

  private async ensureDir(storageKey: string): Promise<void> {
    await mkdir(path.dirname(this.pathOf(storageKey)), { recursive: true });
  }
}
