import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id, echoed in X-Request-Id. */
    id?: string;
    /** The app's logger. Lines about one request carry `req: requestFields(req)`. */
    log?: Logger;
  }
}

const SAFE_REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * What a log line says about its request. Never headers (so no token or cookie) and never bodies (so no
 * password or OTP): there is nothing to redact.
 */
export function requestFields(req: {
  id?: string;
  method?: string;
  originalUrl?: string;
  url?: string;
  socket?: { remoteAddress?: string };
}) {
  return {
    id: req.id,
    method: req.method,
    url: req.originalUrl ?? req.url,
    remoteAddress: req.socket?.remoteAddress,
  };
}

/**
 * Gives every request an id, echoed in X-Request-Id: the caller's own when it is a safe token, otherwise a new
 * UUID. Every call whose URL starts with `prefix` is logged once on pino, when its answer is done or the client
 * has gone: `{ req: { id, method, url, remoteAddress }, res: { statusCode }, responseTime, msg }`.
 *
 * This replaces pino-http, which made a child logger per request and serialised every request and response
 * header (then redacted the token and cookie) on every call; see docs/decisions.md.
 */
export function requestLog(logger: Logger, prefix: string): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    req.log = logger;
    res.setHeader('X-Request-Id', id);
    if (req.url.startsWith(prefix)) {
      const start = Date.now();
      // A response emits 'close' once: after 'finish' when the answer was sent, alone when the client went away.
      res.on('close', () => {
        logger.info(
          { req: requestFields(req), res: { statusCode: res.statusCode }, responseTime: Date.now() - start },
          !res.writableFinished
            ? 'request aborted'
            : res.statusCode >= 500
              ? 'request errored'
              : 'request completed',
        );
      });
    }
    next();
  };
}
