import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import type { ByteStore } from './byte-store';
import { DatabaseBytes } from './database-bytes';
import { DiskBytes } from './disk-bytes';

export type FilePurpose = 'selfie' | 'export' | 'upload';

export interface StoredFileMeta {
  purpose: FilePurpose;
  contentType: string;
  /** The extension the stored name gets, e.g. 'png', 'xlsx'. */
  extension: string;
  originalName?: string;
  ownerUserId?: number | null;
  registrationId?: string | null;
}

export interface StoredFile {
  fileId: string;
  /** Server-generated, e.g. `selfie/2026/11/6f1c...png`; never derived from user input. */
  storageKey: string;
  purpose: FilePurpose;
  contentType: string;
  sizeBytes: number;
  ownerUserId: number | null;
  registrationId: string | null;
}

/**
 * Files behind one small interface (DESIGN §4). On a PostgreSQL server the bytes live in the database
 * (stored_file_chunks), so every gateway on it serves every file and every link; on embedded PGlite (one
 * process) they live on local disk under DATA_DIR/files. The row in stored_files is the record of truth.
 */
export class FileStore {
  private readonly bytes: ByteStore;

  constructor(
    private readonly ctx: AppContext,
    options: { root?: string; backend?: 'disk' | 'database' } = {},
  ) {
    const backend = options.backend ?? (ctx.db.driver === 'postgres' ? 'database' : 'disk');
    this.bytes =
      backend === 'database'
        ? new DatabaseBytes(ctx)
        : new DiskBytes(options.root ?? path.join(ctx.config.dataDir, 'files'));
  }

  /** Stores a whole buffer (small files: selfies). */
  async put(sql: Sql, meta: StoredFileMeta, data: Buffer): Promise<StoredFile> {
    const file = this.newFile(meta, data.length);
    await this.bytes.put(sql, file.storageKey, data);
    try {
      await this.record(sql, file, meta);
    } catch (error) {
      await this.removeBytes(file.storageKey);
      throw error;
    }
    return file;
  }

  /**
   * Streams a large file (exports) to the store; `finish()` records it once the stream has ended,
   * `abort()` removes what was written.
   */
  async createWriteStream(meta: StoredFileMeta): Promise<{
    file: StoredFile;
    stream: Writable;
    /** Rejects when the write fails (disk full, database gone, ...): race the writer against it. */
    failed: Promise<never>;
    finish: (sql: Sql) => Promise<StoredFile>;
    abort: () => Promise<void>;
  }> {
    const file = this.newFile(meta, 0);
    const writer = await this.bytes.createWriter(file.storageKey);
    return {
      file,
      stream: writer.stream,
      failed: writer.failed,
      finish: async (sql) => {
        const finished = { ...file, sizeBytes: await writer.size() };
        await this.record(sql, finished, meta);
        return finished;
      },
      abort: () => writer.discard(),
    };
  }

  async find(sql: Sql, where: { fileId?: string; storageKey?: string }): Promise<StoredFile | undefined> {
    const { rows } = await sql.query<StoredFile>(
      `SELECT file_id AS "fileId", storage_key AS "storageKey", purpose, content_type AS "contentType",
              size_bytes AS "sizeBytes", owner_user_id AS "ownerUserId", registration_id AS "registrationId"
         FROM stored_files WHERE ${where.fileId ? 'file_id = $1' : 'storage_key = $1'}`,
      [where.fileId ?? where.storageKey],
    );
    return rows[0];
  }

  /** Emits 'open' once the bytes are found, 'error' when they are missing. */
  openRead(storageKey: string): Readable {
    return this.bytes.openRead(storageKey);
  }

  /** A whole file's bytes, or undefined when there are none (tests, small files). */
  async read(storageKey: string): Promise<Buffer | undefined> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.openRead(storageKey)) chunks.push(chunk as Buffer);
    } catch {
      return undefined;
    }
    return Buffer.concat(chunks);
  }

  /** Deletes a file's row and bytes (e.g. an export once downloaded or expired); rows that point at it go first. */
  async remove(sql: Sql, file: Pick<StoredFile, 'fileId' | 'storageKey'>): Promise<void> {
    await sql.query('DELETE FROM stored_files WHERE file_id = $1', [file.fileId]);
    await this.bytes.remove(sql, file.storageKey);
  }

  /** Deletes the bytes only: once their row is gone for good, or when the row was never committed. */
  async removeBytes(storageKey: string): Promise<void> {
    await this.bytes.remove(undefined, storageKey);
  }

  /** Deletes bytes written before `before` whose row never came (a gateway stopped mid-export). */
  sweepOrphans(before: Date): Promise<number> {
    return this.bytes.sweepOrphans(before);
  }

  private newFile(meta: StoredFileMeta, sizeBytes: number): StoredFile {
    const fileId = randomUUID();
    const now = this.ctx.now();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const extension = meta.extension.replace(/[^a-z0-9]/gi, '').toLowerCase();
    return {
      fileId,
      storageKey: `${meta.purpose}/${now.getUTCFullYear()}/${month}/${fileId}.${extension}`,
      purpose: meta.purpose,
      contentType: meta.contentType,
      sizeBytes,
      ownerUserId: meta.ownerUserId ?? null,
      registrationId: meta.registrationId ?? null,
    };
  }

  private async record(sql: Sql, file: StoredFile, meta: StoredFileMeta): Promise<void> {
    await sql.query(
      `INSERT INTO stored_files (file_id, storage_key, purpose, content_type, size_bytes, original_name,
                                 owner_user_id, registration_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        file.fileId,
        file.storageKey,
        file.purpose,
        file.contentType,
        file.sizeBytes,
        meta.originalName ?? null,
        file.ownerUserId,
        file.registrationId,
        this.ctx.now(),
      ],
    );
  }
}
