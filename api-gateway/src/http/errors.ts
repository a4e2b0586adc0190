import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/database';
import { requestFields } from './request-log';

/** What every call answers while the database cannot be reached (issue 14: faults). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

/**
 * What a call answers when the database kept ending its transaction to resolve a deadlock or a serialization
 * failure, after transaction() had tried it again (issue 25): busy, not broken.
 */
export const TRANSACTION_CONFLICT_MESSAGE = 'The service is busy. Please try again in a moment.';

/** A failure with the status and message the caller sees (DESIGN §4): `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Unauthorized request - 401') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooMany = (message: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    message,
    undefined,
    retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
  );

export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No such call: ${req.method} ${req.originalUrl.split('?')[0]}`));
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** The last middleware: every failure becomes JSON `{ message }`, never HTML and never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let status = 500;
  let body: { message: string; errors?: Record<string, string> } = {
    message: 'Something went wrong. Please try again.',
  };
  if (error instanceof HttpError) {
    status = error.status;
    body = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    if (error.headers) res.set(error.headers);
  } else if (isDatabaseUnavailable(error)) {
    // The database is down or restarting: not the caller's fault and not a bug; the pool reconnects alone.
    req.log?.warn({ err: error, req: requestFields(req) }, 'database unavailable');
    if (res.headersSent) return;
    res.set('Retry-After', '5').status(503).json({ message: DATABASE_UNAVAILABLE_MESSAGE });
    return;
  } else if (isTransactionConflict(error)) {
    req.log?.warn({ err: error, req: requestFields(req) }, 'transaction conflict after retries');
    if (res.headersSent) return;
    res.set('Retry-After', '1').status(503).json({ message: TRANSACTION_CONFLICT_MESSAGE });
    return;
  } else {
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      status = 400;
      body = { message: 'The request body is not valid JSON.' };
    } else if (parserError?.type === 'entity.too.large') {
      status = 413;
      body = { message: 'The request body is too large.' };
    } else if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
      status = 415;
      body = { message: 'Unsupported request encoding.' };
    } else if (
      typeof parserError?.status === 'number' &&
      parserError.status >= 400 &&
      parserError.status < 500
    ) {
      status = parserError.status;
      body = { message: 'The request could not be read.' };
    }
  }
  if (status >= 500) req.log?.error({ err: error, req: requestFields(req) }, 'request failed');
  if (res.headersSent) return;
  res.status(status).json(body);
};
