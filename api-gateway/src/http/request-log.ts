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
 * Query parameters whose values are safe to log: paging, dates, enumerations. Every other value (search text,
 * which may be a BVN, NIN, account or phone number; a download token; a media path; an outbox recipient; a
 * webhook's verify token; anything a future call adds) is logged as `[redacted]` (issue 48).
 */
const LOGGED_QUERY_VALUES = new Set([
  'page',
  'pageSize',
  'pageNo',
  'explanationsPage',
  'explanationsPageSize',
  'fromDate',
  'toDate',
  'status',
  'month',
  'kind',
  'channel',
  'fullNumbers',
  'hub.mode',
]);
const REDACTED = '[redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The URL as logged: the path as sent, and each query value that may hold something personal redacted. */
export function loggedUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      if (LOGGED_QUERY_VALUES.has(decodedName(name))) return part;
      // A name alone may be the number itself (`?0123456789`); a long name is cut.
      return equals < 0 ? REDACTED : `${name.slice(0, 64)}=${REDACTED}`;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/**
 * What a log line says about its request. Never headers (so no token or cookie) and never bodies (so no
 * password or OTP); the URL with its personal query values redacted.
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
    url: loggedUrl(req.originalUrl ?? req.url),
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
