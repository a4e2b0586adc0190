import { Readable, Writable } from 'node:stream';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import type { ByteStore, ByteWriter } from './byte-store';

/** Big enough that a 10 MB export is 40 statements, small enough that a reader holds little memory. */
export const CHUNK_BYTES = 256 * 1024;

function toBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * Bytes in PostgreSQL (stored_file_chunks, migration 018): every gateway on the database reads what any of
 * them wrote. Written and read a chunk at a time, so an export streams through the gateway as it did to disk.
 */
export class DatabaseBytes implements ByteStore {
  constructor(private readonly ctx: AppContext) {}

  async put(sql: Sql, storageKey: string, data: Buffer): Promise<void> {
    let seq = 0;
    for (let offset = 0; offset === 0 || offset < data.length; offset += CHUNK_BYTES, seq++) {
      await this.insertChunk(sql, storageKey, seq, data.subarray(offset, offset + CHUNK_BYTES));
    }
  }

  async createWriter(storageKey: string): Promise<ByteWriter> {
    const db = this.ctx.db;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    let total = 0;
    let inFlight: Promise<unknown> = Promise.resolve();
    const flush = (): Promise<void> => {
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const write = this.insertChunk(db, storageKey, seq++, data);
      inFlight = write.catch(() => undefined);
      return write;
    };
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        total += chunk.length;
        if (pendingBytes < CHUNK_BYTES) return callback();
        flush().then(() => callback(), callback);
      },
      final(callback) {
        // Always one chunk at least: a file's bytes exist when its chunk 0 does.
        if (pendingBytes === 0 && seq > 0) return callback();
        flush().then(() => callback(), callback);
      },
    });
    const failed = new Promise<never>((_resolve, reject) => stream.on('error', reject));
    failed.catch(() => undefined);
    const ended = new Promise<number>((resolve, reject) => {
      stream.once('finish', () => resolve(total));
      stream.once('error', reject);
    });
    ended.catch(() => undefined);
    return {
      stream,
      failed,
      size: () => ended,
      discard: async () => {
        stream.destroy();
        await inFlight;
        await this.remove(undefined, storageKey);
      },
    };
  }

  openRead(storageKey: string): Readable {
    const db = this.ctx.db;
    let seq = 0;
    let first: Buffer | undefined;
    const chunk = async (n: number): Promise<Buffer | undefined> => {
      const { rows } = await db.query<{ data: Uint8Array }>(
        'SELECT data FROM stored_file_chunks WHERE storage_key = $1 AND seq = $2',
        [storageKey, n],
      );
      return rows[0] ? toBuffer(rows[0].data) : undefined;
    };
    return new Readable({
      construct(callback) {
        chunk(0).then((data) => {
          if (!data) return callback(new Error(`no stored bytes for ${storageKey}`));
          first = data;
          seq = 1;
          this.emit('open');
          callback();
        }, callback);
      },
      read() {
        if (first) {
          const data = first;
          first = undefined;
          this.push(data.length ? data : null);
          return;
        }
        chunk(seq++).then(
          (data) => this.push(data ?? null),
          (error: Error) => this.destroy(error),
        );
      },
    });
  }

  async remove(sql: Sql | undefined, storageKey: string): Promise<void> {
    await (sql ?? this.ctx.db).query('DELETE FROM stored_file_chunks WHERE storage_key = $1', [storageKey]);
  }

  async sweepOrphans(before: Date): Promise<number> {
    const { rows } = await this.ctx.db.query<{ storage_key: string }>(
      `DELETE FROM stored_file_chunks c
        WHERE c.storage_key IN (
          SELECT o.storage_key FROM stored_file_chunks o
           WHERE o.seq = 0 AND o.created_at < $1
             AND NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.storage_key = o.storage_key)
           LIMIT 500)
       RETURNING c.storage_key`,
      [before],
    );
    return new Set(rows.map((row) => row.storage_key)).size;
  }

  private async insertChunk(sql: Sql, storageKey: string, seq: number, data: Buffer): Promise<void> {
    await sql.query(
      'INSERT INTO stored_file_chunks (storage_key, seq, data, created_at) VALUES ($1, $2, $3, $4)',
      [storageKey, seq, data, this.ctx.now()],
    );
  }
}
