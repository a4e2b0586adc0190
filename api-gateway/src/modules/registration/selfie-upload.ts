import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { Messages, RegistrationMessages, SELFIE_FIELD, SELFIE_MAX_BYTES } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { FileStore, type StoredFile } from '../../storage/file-store';
import { currentRegistration } from './registration-session';
import { checkSelfie, imageTypeOf } from './selfie-image';
import { assertMayUploadSelfie, countSelfieUpload } from './selfie-limits';

/**
 * Before reading any bytes: only a registration whose email is verified may upload (and not after submit),
 * and not once it or its IP is over the upload caps.
 */
export function requireSelfieRegistration(ctx: AppContext): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const registration = await currentRegistration(ctx, ctx.db, req);
      if (!registration) return next(badRequest(RegistrationMessages.registrationNotStarted));
      if (registration.completedAt) return next(conflict(RegistrationMessages.registrationAlreadySubmitted));
      if (!registration.emailVerifiedAt) return next(badRequest(RegistrationMessages.emailNotVerified));
      await assertMayUploadSelfie(ctx, { registrationId: registration.registrationId, ip: req.ip });
      res.locals.registrationId = registration.registrationId;
      next();
    } catch (error) {
      next(error);
    }
  };
}

// busboy stops a file when it reaches fileSize bytes: one byte more than 'at most 5 MB' lets exactly 5 MB through.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SELFIE_MAX_BYTES + 1, files: 1, fields: 10, parts: 11 },
}).single(SELFIE_FIELD);

/** multer's errors as the API's: 413 beyond 5 MB, 400 for a form without the file part. */
const asApiError: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, RegistrationMessages.selfieTooLarge));
    return next(badRequest(Messages.selfieRequired, { [SELFIE_FIELD]: Messages.selfieRequired }));
  }
  // busboy's own errors ('Malformed part header', 'Unexpected end of form') are a form we cannot read.
  if (error instanceof Error && !(error instanceof HttpError)) return next(badRequest(UPLOAD_UNREADABLE));
  next(error);
};

const UPLOAD_UNREADABLE = 'The upload could not be read. Please capture the selfie again.';

export const parseSelfieForm: RequestHandler[] = [
  (req, res, next) =>
    upload(req, res, (error?: unknown) => (error ? asApiError(error, req, res, next) : next())),
];

/**
 * Checks, counts and stores a selfie. A registration keeps only its latest selfie: the one it replaces
 * is deleted in the same transaction (its bytes right after the commit).
 */
export async function storeSelfie(ctx: AppContext, req: Request, res: Response) {
  const file = req.file;
  if (!file?.buffer.length)
    throw badRequest(Messages.selfieRequired, { [SELFIE_FIELD]: Messages.selfieRequired });
  if (!imageTypeOf(file.buffer)) throw new HttpError(415, RegistrationMessages.selfieWrongType);
  const registrationId = String(res.locals.registrationId);
  await countSelfieUpload(ctx, { registrationId, ip: req.ip });
  const selfie = await checkSelfie(file.buffer);
  const store = new FileStore(ctx);
  // Bytes are written before their row; those of a transaction that did not commit (each attempt of one
  // run again after a deadlock) must not stay behind.
  const written: string[] = [];
  let outcome: { stored: StoredFile; superseded: string[] };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      // The registration may have been submitted while the bytes were arriving.
      const { rows } = await tx.query(
        'SELECT 1 FROM registrations WHERE registration_id = $1 AND completed_at IS NULL FOR UPDATE',
        [registrationId],
      );
      if (!rows.length) throw conflict(RegistrationMessages.registrationAlreadySubmitted);
      const saved = await store.put(
        tx,
        {
          purpose: 'selfie',
          contentType: selfie.contentType,
          extension: selfie.extension,
          originalName: file.originalname?.slice(0, 200) || undefined,
          registrationId,
        },
        selfie.data,
      );
      written.push(saved.storageKey);
      await tx.query('UPDATE registrations SET selfie_file_id = $2 WHERE registration_id = $1', [
        registrationId,
        saved.fileId,
      ]);
      const { rows: older } = await tx.query<{ storage_key: string }>(
        `DELETE FROM stored_files WHERE registration_id = $1 AND purpose = 'selfie' AND file_id <> $2
         RETURNING storage_key`,
        [registrationId, saved.fileId],
      );
      return { stored: saved, superseded: older.map((row) => row.storage_key) };
    });
  } catch (error) {
    for (const storageKey of written) await store.removeBytes(storageKey).catch(() => undefined);
    throw error;
  }
  const { stored, superseded } = outcome;
  const rolledBack = written.filter((storageKey) => storageKey !== stored.storageKey);
  for (const storageKey of [...superseded, ...rolledBack]) {
    // Should this fail, the row is gone already; only the bytes stay behind on disk.
    await store
      .removeBytes(storageKey)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'superseded selfie not deleted'));
  }
  res.status(201);
  return { selfieImagePath: stored.storageKey, message: RegistrationMessages.selfieUploaded };
}
