import type { Request, Response } from 'express';

type ETagFn = (body: Buffer | string, encoding?: BufferEncoding) => string | undefined;

/**
 * A JSON answer serialised once and sent many times: its text, byte length and (per ETag function) ETag are
 * worked out on the first send. For values held in a cache, which are never changed in place (a change to the
 * data makes a new value), so one value always has the same text.
 */
export class PreparedJson {
  private text?: string;
  private length = 0;
  private etagFn?: ETagFn;
  private etag?: string;

  constructor(readonly value: unknown) {}

  /**
   * Sends the value exactly as `res.json(value)` would (same body, Content-Type, Content-Length and ETag, in that
   * order), without serialising and hashing it again. Anything but a plain 200 GET without conditional headers
   * goes through `res.json` itself.
   */
  send(req: Request, res: Response): void {
    const settings = req.app.settings as Record<string, unknown>;
    const etagFn = settings['etag fn'] as ETagFn | undefined;
    if (
      req.method !== 'GET' ||
      res.statusCode !== 200 ||
      req.headers['if-none-match'] !== undefined ||
      req.headers['if-modified-since'] !== undefined ||
      res.hasHeader('Content-Type') ||
      res.hasHeader('ETag') ||
      settings['json replacer'] !== undefined ||
      settings['json spaces'] !== undefined ||
      settings['json escape'] ||
      (etagFn !== undefined && typeof etagFn !== 'function')
    ) {
      res.json(this.value);
      return;
    }
    if (this.text === undefined) {
      this.text = JSON.stringify(this.value);
      this.length = Buffer.byteLength(this.text);
    }
    if (etagFn !== this.etagFn) {
      this.etagFn = etagFn;
      this.etag = etagFn?.(Buffer.from(this.text));
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', String(this.length));
    if (this.etag) res.setHeader('ETag', this.etag);
    res.end(this.text, 'utf8');
  }
}

const prepared = new WeakMap<object, PreparedJson>();

/** The PreparedJson of a cached (never mutated) object, made once per object. */
export function preparedJson(value: object): PreparedJson {
  let answer = prepared.get(value);
  if (!answer) {
    answer = new PreparedJson(value);
    prepared.set(value, answer);
  }
  return answer;
}
