import express, { type RequestHandler } from 'express';
import { INTEGRATION_BATCH_MAX, INTEGRATION_CALL_LIMIT, IntegrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { HttpError, tooMany } from '../../http/errors';
import { takeCall, type CallLimit } from '../../lib/call-buckets';
import { refuseInvalidUtf8 } from '../../http/strict-utf8';

/**
 * A batch of 1,000 items with long texts is well under 4 MB; the gateway's 100 KB limit for forms does not
 * apply here. Parsed only after the API key was checked, so nobody without one makes the gateway read 4 MB.
 */
const INTEGRATION_BODY_LIMIT = '4mb';

const parseJson = express.json({ limit: INTEGRATION_BODY_LIMIT, verify: refuseInvalidUtf8 });

/** Calls per API key on every gateway (INTEGRATION_CALL_LIMIT), counted before the body is read. */
const INTEGRATION_CALLS: CallLimit = {
  scope: 'integration',
  calls: INTEGRATION_CALL_LIMIT.calls,
  perSeconds: INTEGRATION_CALL_LIMIT.perMinutes * 60,
};

const callLimit =
  (ctx: AppContext): RequestHandler =>
  async (req, _res, next) => {
    try {
      const wait = await takeCall(ctx.db, INTEGRATION_CALLS, req.apiKey?.name ?? '', ctx.now());
      next(wait ? tooMany(IntegrationMessages.callLimit, wait) : undefined);
    } catch (error) {
      next(error);
    }
  };

/** More than INTEGRATION_BATCH_MAX items is a 413 before any item is validated. */
const itemLimit =
  (what: 'retailers' | 'orders'): RequestHandler =>
  (req, _res, next) => {
    const items = (req.body as Record<string, unknown> | undefined)?.[what];
    if (Array.isArray(items) && items.length > INTEGRATION_BATCH_MAX) {
      return next(new HttpError(413, IntegrationMessages.tooManyItems(what)));
    }
    next();
  };

export const batchBody = (ctx: AppContext, what: 'retailers' | 'orders'): RequestHandler[] => [
  callLimit(ctx),
  parseJson,
  itemLimit(what),
];
