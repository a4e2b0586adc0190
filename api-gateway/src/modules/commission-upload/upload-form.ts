import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import {
  COMMISSION_UPLOAD_FIELD,
  COMMISSION_UPLOAD_LIMITS,
  CommissionUploadMessages,
} from '@portal/contracts';
import { badRequest, HttpError } from '../../http/errors';

// busboy stops a file when it reaches fileSize bytes: one byte more than 'at most' lets exactly the limit through.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: COMMISSION_UPLOAD_LIMITS.maxBytes + 1, files: 1, fields: 5, parts: 6 },
}).single(COMMISSION_UPLOAD_FIELD);

/** multer's errors as the API's: 413 over the size cap, 400 for a form without the `data` file part. */
const asApiError: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, CommissionUploadMessages.tooLarge));
    return next(
      badRequest(CommissionUploadMessages.fileRequired, {
        [COMMISSION_UPLOAD_FIELD]: CommissionUploadMessages.fileRequired,
      }),
    );
  }
  // busboy's own errors ('Malformed part header', 'Unexpected end of form'): a form we cannot read.
  if (error instanceof Error && !(error instanceof HttpError))
    return next(badRequest(CommissionUploadMessages.unreadable));
  next(error);
};

/** Reads the multipart form after the session and right are checked, so strangers send no bytes to memory. */
export const parseUploadForm: RequestHandler[] = [
  (req, res, next) =>
    upload(req, res, (error?: unknown) => (error ? asApiError(error, req, res, next) : next())),
];
