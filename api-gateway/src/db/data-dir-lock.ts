import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's files belong to one process: a second one opening them (a second `npm start`, or
 * `npm run api-key` beside the running portal) aborts or corrupts them. The process that opens them holds
 * `DATA_DIR/portal.lock`: its pid and, once it listens, its URL, so the key command can go through it instead.
 * A lock whose process is gone (a crash, kill -9) is taken over.
 */
export interface DataDirHolder {
  pid: number;
  /** Where the holder answers, once it listens (a gateway; the key command has none). */
  url?: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid}` +
        `${holder.url ? ` (the portal on ${holder.url})` : ''}; stop it first, or give this one another DATA_DIR.`,
    );
  }
}

const lockFile = (dataDir: string) => path.join(dataDir, 'portal.lock');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(dataDir: string): DataDirHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as DataDirHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** The live process holding the embedded database in `dataDir`, other than this one, if any. */
export function dataDirHolder(dataDir: string): DataDirHolder | undefined {
  const holder = readHolder(dataDir);
  return holder && holder.pid !== process.pid && isAlive(holder.pid) ? holder : undefined;
}

/**
 * Takes the lock for this process (throws DataDirInUseError when a live process holds it) and answers the
 * function that gives it back. The file is created by a hard link, which fails when it exists: of two
 * processes starting at once only one gets it.
 */
export function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify({ pid: process.pid }));
  const release = () => {
    if (readHolder(dataDir)?.pid === process.pid) unlinkSync(file);
  };
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(draft, file);
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = dataDirHolder(dataDir);
        if (holder) throw new DataDirInUseError(dataDir, holder);
        if (attempt > 0) throw new DataDirInUseError(dataDir, readHolder(dataDir) ?? { pid: 0 });
        // Left by a process that is gone (or by this one): taken over.
        unlinkSync(file);
      }
    }
  } finally {
    unlinkSync(draft);
  }
}

/** Records where this process answers, for `npm run api-key` (called once the gateway listens). */
export function announceDataDirUrl(dataDir: string, url: string): void {
  if (readHolder(dataDir)?.pid !== process.pid) return;
  const draft = `${lockFile(dataDir)}.${process.pid}`;
  writeFileSync(draft, JSON.stringify({ pid: process.pid, url }));
  // A rename replaces the file at once: a reader sees the old content or the new, never half of it.
  renameSync(draft, lockFile(dataDir));
}
