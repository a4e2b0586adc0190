import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import type { FilePurpose } from './file-store';

/**
 * Deletes the local files of one purpose that have no stored_files row and were last written before
 * `before`: the bytes of a write the process died in the middle of (an export is streamed to disk first and
 * gets its row once complete, so a crash mid-export leaves bytes nobody can reach). Same root as FileStore's
 * default. Returns the storage keys removed.
 */
export async function removeUnrecordedFiles(
  ctx: AppContext,
  purpose: FilePurpose,
  before: Date,
): Promise<string[]> {
  const root = path.join(ctx.config.dataDir, 'files');
  const entries = await readdir(path.join(root, purpose), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  const candidates: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const written = await stat(full).catch(() => undefined);
    if (written && written.mtime < before)
      candidates.push(path.relative(root, full).split(path.sep).join('/'));
  }
  if (candidates.length === 0) return [];
  const { rows } = await ctx.db.query<{ storage_key: string }>(
    'SELECT storage_key FROM stored_files WHERE storage_key = ANY($1)',
    [candidates],
  );
  const recorded = new Set(rows.map((row) => row.storage_key));
  const orphans = candidates.filter((key) => !recorded.has(key));
  for (const key of orphans) await rm(path.join(root, key), { force: true });
  return orphans;
}
