import express, { type RequestHandler } from 'express';
import { INTEGRATION_BATCH_MAX, IntegrationMessages } from '@portal/contracts';
import { HttpError } from '../../http/errors';

/**
 * A batch of 1,000 items with long texts is well under 4 MB; the gateway's 100 KB limit for forms does not
 * apply here. Parsed only after the API key was checked, so nobody without one makes the gateway read 4 MB.
 */
const INTEGRATION_BODY_LIMIT = '4mb';

const parseJson = express.json({ limit: INTEGRATION_BODY_LIMIT });

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

export const batchBody = (what: 'retailers' | 'orders'): RequestHandler[] => [parseJson, itemLimit(what)];
