import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { Messages, RegistrationMessages, SELFIE_FIELD, SELFIE_MAX_BYTES } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { FileStore } from '../../storage/file-store';
import { currentRegistration } from './registration-session';
import { checkSelfie } from './selfie-image';

/** Before reading any bytes: only a registration whose email is verified may upload (and not after submit). */
export function requireSelfieRegistration(ctx: AppContext): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const registration = await currentRegistration(ctx, ctx.db, req);
      if (!registration) return next(badRequest(RegistrationMessages.registrationNotStarted));
      if (registration.completedAt) return next(conflict(RegistrationMessages.registrationAlreadySubmitted));
      if (!registration.emailVerifiedAt) return next(badRequest(RegistrationMessages.emailNotVerified));
      res.locals.registrationId = registration.registrationId;
      next();
    } catch (error) {
      next(error);
    }
  };
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SELFIE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
}).single(SELFIE_FIELD);

/** multer's errors as the API's: 413 beyond 5 MB, 400 for a form without the file part. */
const asApiError: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, RegistrationMessages.selfieTooLarge));
    return next(badRequest(Messages.selfieRequired, { [SELFIE_FIELD]: Messages.selfieRequired }));
  }
  next(error);
};

export const parseSelfieForm: RequestHandler[] = [
  (req, res, next) =>
    upload(req, res, (error?: unknown) => (error ? asApiError(error, req, res, next) : next())),
];

export async function storeSelfie(ctx: AppContext, req: Request, res: Response) {
  const file = req.file;
  if (!file?.buffer.length)
    throw badRequest(Messages.selfieRequired, { [SELFIE_FIELD]: Messages.selfieRequired });
  const selfie = await checkSelfie(file.buffer);
  const registrationId = String(res.locals.registrationId);
  const stored = await ctx.db.transaction(async (tx) => {
    // The registration may have been submitted while the bytes were arriving.
    const { rows } = await tx.query(
      'SELECT 1 FROM registrations WHERE registration_id = $1 AND completed_at IS NULL FOR UPDATE',
      [registrationId],
    );
    if (!rows.length) throw conflict(RegistrationMessages.registrationAlreadySubmitted);
    const saved = await new FileStore(ctx).put(
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
    await tx.query('UPDATE registrations SET selfie_file_id = $2 WHERE registration_id = $1', [
      registrationId,
      saved.fileId,
    ]);
    return saved;
  });
  res.status(201);
  return { selfieImagePath: stored.storageKey, message: RegistrationMessages.selfieUploaded };
}
