import type { Readable, Writable } from 'node:stream';
import type { Sql } from '../db/database';

/** Where a file's bytes live; the row in stored_files is the record of truth for both. */
export interface ByteStore {
  /** Writes a whole buffer; on the database, inside the caller's transaction. */
  put(sql: Sql, storageKey: string, data: Buffer): Promise<void>;
  createWriter(storageKey: string): Promise<ByteWriter>;
  /** Emits 'open' once the bytes are found, 'error' when they are not (like a file stream). */
  openRead(storageKey: string): Readable;
  /** Deletes the bytes; on the database, inside the caller's transaction when given one. */
  remove(sql: Sql | undefined, storageKey: string): Promise<void>;
  /** Deletes bytes whose row never came (a writer stopped midway), written before `before`. */
  sweepOrphans(before: Date): Promise<number>;
}

export interface ByteWriter {
  stream: Writable;
  /** Rejects when a write fails (disk full, database gone): race the writer against it. */
  failed: Promise<never>;
  /** The bytes written, once the stream has ended. */
  size(): Promise<number>;
  /** Stops writing and deletes what was written. */
  discard(): Promise<void>;
}
