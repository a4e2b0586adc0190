import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { MediaMessages, RoleId } from '@portal/contracts';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import type { FileStore, StoredFile } from '../../storage/file-store';

/** Staff see every selfie; an affiliate sees only its own. */
async function maySee(ctx: AppContext, session: SessionUser, file: StoredFile): Promise<boolean> {
  if (session.roleID === RoleId.Admin || session.roleID === RoleId.Backoffice) return true;
  if (file.ownerUserId !== null) return file.ownerUserId === session.userId;
  const { rows } = await ctx.db.query<{ owns: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM affiliates WHERE user_id = $1 AND selfie_image_path = $2) AS owns',
    [session.userId, file.storageKey],
  );
  return rows[0].owns;
}

/**
 * Issue 29: staff opening an affiliate's selfie is an audit row on that affiliate (who, whose, when), shown
 * in the review modal's history; written before the bytes are sent. An affiliate's own look is not recorded.
 */
async function recordSelfieView(ctx: AppContext, session: SessionUser, file: StoredFile): Promise<void> {
  if (session.roleID !== RoleId.Admin && session.roleID !== RoleId.Backoffice) return;
  // The owner's affiliate row by its unique user_id; a file without an owner by the affiliate's path. Each
  // branch sends only the parameters its SQL uses (PostgreSQL cannot type an unused one).
  const [where, key] =
    file.ownerUserId !== null
      ? ['a.user_id = $2', file.ownerUserId]
      : ['a.selfie_image_path = $2', file.storageKey];
  await ctx.db.query(
    `INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, details, created_at)
     SELECT $1, 'affiliate.selfie.view', 'affiliate', a.affiliate_id::text, $3::jsonb, $4
       FROM affiliates a WHERE ${where}
      ORDER BY a.affiliate_id LIMIT 1`,
    [session.userId, key, JSON.stringify({ file: file.storageKey }), ctx.now()],
  );
}

/** Resolves once the file is open, so a missing file is still a clean 404 rather than a broken 200. */
function opened(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
}

/** Streams a selfie to staff or to its owner; anything else is a 403 or 404 in the product's words. */
export async function serveSelfie(
  ctx: AppContext,
  store: FileStore,
  session: SessionUser,
  fileUrl: string,
  res: Response,
): Promise<void> {
  const storageKey = fileUrl.replace(/^\/+/, '');
  const file = await store.find(ctx.db, { storageKey });
  // Exports and uploads have their own routes; through media they do not exist.
  if (!file || file.purpose !== 'selfie') throw notFound(MediaMessages.notFound);
  if (!(await maySee(ctx, session, file))) throw forbidden(MediaMessages.forbidden);
  const stream = store.openRead(file.storageKey);
  try {
    await opened(stream);
  } catch {
    throw notFound(MediaMessages.notFound);
  }
  await recordSelfieView(ctx, session, file);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.sizeBytes));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Disposition', 'inline');
  // A client that goes away mid-file ends the read too; there is nothing left to answer.
  await pipeline(stream, res).catch(() => undefined);
}
