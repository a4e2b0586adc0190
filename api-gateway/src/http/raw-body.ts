import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A provider's event is small; anything bigger is not one of them (Meta's, Termii's, Paystack's). */
export const WEBHOOK_BODY_LIMIT = '256kb';

/**
 * The raw bytes of a webhook, before any parser, in `res.locals.rawBody`: a signature is over them exactly
 * (rawBodyOf reads them). The JSON parser of the API skips /webhooks/ (app.ts), so this is the only reader of
 * the body.
 */
export const readRawWebhookBody: RequestHandler[] = [
  express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
  (req: Request, res: Response, next: NextFunction) => {
    res.locals.rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    // The router's checks and schemas see no body: nothing is read before the signature holds.
    req.body = {};
    next();
  },
];

/** The bytes readRawWebhookBody kept, or undefined when it did not run. */
export const rawBodyOf = (res: Response): Buffer | undefined => res.locals.rawBody as Buffer | undefined;
