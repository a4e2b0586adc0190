import { RegistrationMessages, SELFIE_UPLOAD_LIMITS } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { tooMany } from '../../http/errors';
import { REGISTRATION_TTL_HOURS } from './registration-session';

// The limits (SELFIE_UPLOAD_LIMITS, contracts) are counted in the database, so they hold across gateways. An
// upload refused before decoding (no file, not PNG/JPEG, over 5 MB) costs nothing and does not count.
export { SELFIE_UPLOAD_LIMITS };

export interface SelfieUploader {
  registrationId: string;
  ip: string | undefined;
}

/** Seconds until the caps let this uploader in again, or undefined when they do now. */
async function secondsUntilAllowed(ctx: AppContext, sql: Sql, uploader: SelfieUploader) {
  const now = ctx.now().getTime();
  const windowMs = SELFIE_UPLOAD_LIMITS.windowMinutes * 60_000;
  const { rows } = await sql.query<{ scope: string; uploads: number | string; oldest: Date | null }>(
    `SELECT 'registration' AS scope, count(*) AS uploads, NULL::timestamptz AS oldest FROM selfie_uploads
       WHERE registration_id = $1
     UNION ALL
     SELECT 'ip', count(*), min(uploaded_at) FROM selfie_uploads WHERE ip = $2 AND uploaded_at > $3`,
    [uploader.registrationId, uploader.ip ?? null, new Date(now - windowMs)],
  );
  for (const row of rows) {
    const uploads = Number(row.uploads);
    if (row.scope === 'registration' && uploads >= SELFIE_UPLOAD_LIMITS.perRegistration) {
      const { rows: created } = await sql.query<{ created_at: Date }>(
        'SELECT created_at FROM registrations WHERE registration_id = $1',
        [uploader.registrationId],
      );
      const endsAt = new Date(created[0]?.created_at ?? now).getTime() + REGISTRATION_TTL_HOURS * 3_600_000;
      return Math.max(1, Math.ceil((endsAt - now) / 1000));
    }
    if (row.scope === 'ip' && uploads >= SELFIE_UPLOAD_LIMITS.perIp) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    }
  }
  return undefined;
}

/** Before the body is read: a registration or IP over its cap gets 429 without sending us 5 MB first. */
export async function assertMayUploadSelfie(ctx: AppContext, uploader: SelfieUploader): Promise<void> {
  const wait = await secondsUntilAllowed(ctx, ctx.db, uploader);
  if (wait) throw tooMany(RegistrationMessages.selfieUploadLimit, wait);
}

/**
 * Counts an upload against the caps, or refuses it with 429, before its image is decoded. The check and
 * the insert run under a transaction-scoped lock per registration and per IP, so uploads racing through
 * several gateways cannot all slip under a cap.
 */
export async function countSelfieUpload(ctx: AppContext, uploader: SelfieUploader): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Always the registration first, then the IP: one order, so two uploads never wait on each other in a cycle.
    for (const key of [`registration:${uploader.registrationId}`, `ip:${uploader.ip ?? ''}`]) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`selfie-upload:${key}`]);
    }
    const wait = await secondsUntilAllowed(ctx, tx, uploader);
    if (wait) throw tooMany(RegistrationMessages.selfieUploadLimit, wait);
    await tx.query('INSERT INTO selfie_uploads (registration_id, ip, uploaded_at) VALUES ($1, $2, $3)', [
      uploader.registrationId,
      uploader.ip ?? null,
      ctx.now(),
    ]);
  });
}
