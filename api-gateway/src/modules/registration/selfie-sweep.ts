import type { AppContext } from '../../context';
import { FileStore } from '../../storage/file-store';
import { repeatEvery } from '../../lib/repeat-every';
import { REGISTRATION_TTL_HOURS } from './registration-session';

/** How often a gateway sweeps; several gateways may sweep at once (rows are claimed with SKIP LOCKED). */
export const SELFIE_SWEEP_INTERVAL_MS = 15 * 60_000;
const BATCH_SIZE = 200;

export interface SelfieSweepReport {
  filesDeleted: number;
}

/**
 * Deletes the selfies nobody will look at: every selfie of a registration that expired without being
 * submitted, and every selfie of a registration that is not its current one (superseded by a later
 * upload; uploads delete those themselves, this catches what they left). Rows go first, then bytes, so a
 * failure leaves at worst bytes without a row, never a row without its bytes. Upload counts older than a
 * registration's life are dropped too: no cap looks that far back.
 */
export async function sweepSelfieFiles(ctx: AppContext): Promise<SelfieSweepReport> {
  const store = new FileStore(ctx);
  const expiredBefore = new Date(ctx.now().getTime() - REGISTRATION_TTL_HOURS * 3_600_000);
  let filesDeleted = 0;
  for (;;) {
    const { rows } = await ctx.db.query<{ storage_key: string }>(
      `WITH doomed AS (
         SELECT f.file_id FROM stored_files f JOIN registrations r ON r.registration_id = f.registration_id
          WHERE f.purpose = 'selfie'
            AND ((r.completed_at IS NULL AND r.created_at <= $1) OR r.selfie_file_id IS DISTINCT FROM f.file_id)
          LIMIT ${BATCH_SIZE}
          FOR UPDATE OF f SKIP LOCKED
       )
       DELETE FROM stored_files f USING doomed WHERE f.file_id = doomed.file_id
       RETURNING f.storage_key`,
      [expiredBefore],
    );
    for (const row of rows) {
      await store
        .removeBytes(row.storage_key)
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'swept selfie bytes not deleted'));
    }
    filesDeleted += rows.length;
    if (rows.length < BATCH_SIZE) break;
  }
  await ctx.db.query(
    `UPDATE registrations SET selfie_file_id = NULL
      WHERE completed_at IS NULL AND created_at <= $1 AND selfie_file_id IS NOT NULL`,
    [expiredBefore],
  );
  await ctx.db.query('DELETE FROM selfie_uploads WHERE uploaded_at <= $1', [expiredBefore]);
  filesDeleted += await sweepRejectedSelfies(ctx, store);
  // Bytes whose row never committed (a gateway stopped between the two; database store only).
  filesDeleted += await store.sweepOrphans(expiredBefore);
  return { filesDeleted };
}

/**
 * Issue 29, retention: the selfie of an application rejected more than SELFIE_RETENTION_DAYS ago (its status
 * KYC Rejected since, `updated_date` the rejection or a later change, which only keeps it longer) is deleted
 * and the affiliate's selfie_image_path emptied, in one statement per batch with the rows locked (a re-KYC or a
 * decision waits, or is waited for, and is re-checked under the lock). Bytes go after the rows. Abandoned
 * applications (never submitted) are the registrations above, gone after REGISTRATION_TTL_HOURS already.
 */
export async function sweepRejectedSelfies(ctx: AppContext, store = new FileStore(ctx)): Promise<number> {
  const rejectedBefore = new Date(ctx.now().getTime() - ctx.config.selfieRetentionDays * 86_400_000);
  let deleted = 0;
  for (;;) {
    const { rows, batch } = await ctx.db.transaction(async (tx) => {
      const { rows: doomed } = await tx.query<{ affiliate_id: string | number; selfie_image_path: string }>(
        `SELECT affiliate_id, selfie_image_path FROM affiliates
          WHERE status = 'KYC Rejected' AND selfie_image_path IS NOT NULL AND updated_date <= $1
          ORDER BY updated_date LIMIT ${BATCH_SIZE}
          FOR UPDATE SKIP LOCKED`,
        [rejectedBefore],
      );
      if (!doomed.length) return { rows: [] as { storage_key: string }[], batch: 0 };
      const ids = doomed.map((row) => Number(row.affiliate_id));
      const keys = doomed.map((row) => row.selfie_image_path);
      await tx.query(
        'UPDATE affiliates SET selfie_image_path = NULL WHERE affiliate_id = ANY($1::bigint[])',
        [ids],
      );
      await tx.query(
        'UPDATE registrations SET selfie_file_id = NULL WHERE selfie_file_id IN (SELECT file_id FROM stored_files WHERE storage_key = ANY($1::text[]))',
        [keys],
      );
      const removed = await tx.query<{ storage_key: string }>(
        `DELETE FROM stored_files WHERE storage_key = ANY($1::text[]) AND purpose = 'selfie' RETURNING storage_key`,
        [keys],
      );
      return { rows: removed.rows, batch: doomed.length };
    });
    for (const row of rows) {
      await store
        .removeBytes(row.storage_key)
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'expired selfie bytes not deleted'));
    }
    deleted += rows.length;
    if (batch < BATCH_SIZE) break;
  }
  return deleted + (await sweepRetakenSelfies(ctx, store, rejectedBefore));
}

/**
 * Issue 50: a returned selfie the affiliate took again but never submitted waits on its verdict; it follows the
 * same retention as the selfie it was to replace.
 */
async function sweepRetakenSelfies(ctx: AppContext, store: FileStore, rejectedBefore: Date): Promise<number> {
  const removed = await ctx.db.transaction(async (tx) => {
    const { rows: doomed } = await tx.query<{ decision_id: string | number; key: string }>(
      `SELECT d.decision_id, d.replacement_selfie_path AS key
         FROM kyc_part_decisions d JOIN affiliates a ON a.affiliate_id = d.affiliate_id
        WHERE d.settled_at IS NULL AND d.replacement_selfie_path IS NOT NULL
          AND a.status = 'KYC Rejected' AND a.updated_date <= $1
        LIMIT ${BATCH_SIZE}
        FOR UPDATE OF d SKIP LOCKED`,
      [rejectedBefore],
    );
    if (!doomed.length) return [];
    await tx.query(
      'UPDATE kyc_part_decisions SET replacement_selfie_path = NULL WHERE decision_id = ANY($1::bigint[])',
      [doomed.map((row) => Number(row.decision_id))],
    );
    const { rows } = await tx.query<{ storage_key: string }>(
      `DELETE FROM stored_files WHERE storage_key = ANY($1::text[]) AND purpose = 'selfie' RETURNING storage_key`,
      [doomed.map((row) => row.key)],
    );
    return rows;
  });
  for (const row of removed)
    await store
      .removeBytes(row.storage_key)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'expired retaken selfie bytes not deleted'));
  return removed.length;
}

/** Sweeps now and then every interval; returns a function that stops it. */
export function startSelfieSweeper(ctx: AppContext, intervalMs = SELFIE_SWEEP_INTERVAL_MS): () => void {
  const stop = repeatEvery(
    intervalMs,
    async () => {
      const report = await sweepSelfieFiles(ctx);
      if (report.filesDeleted) ctx.logger.info(report, 'selfie sweep');
    },
    (error) => ctx.logger.error({ err: error }, 'selfie sweep failed'),
  );
  return () => void stop();
}
