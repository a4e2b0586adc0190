import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { IntegrationMessages } from '@portal/contracts';
import { badRequest } from './errors';

/**
 * express.json decodes a body's bytes leniently: an invalid UTF-8 sequence becomes U+FFFD and would be
 * stored as such. As the parser's `verify` (called with the raw bytes before decoding) this refuses such a
 * body with 400 naming the JSON field the first bad byte is in, e.g. `orders[3].buyerName`.
 */
export function refuseInvalidUtf8(req: IncomingMessage, _res: unknown, body: Buffer): void {
  const charset = /;\s*charset=["']?([^"';\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) return;
  if (isUtf8(body)) return;
  const at = firstInvalidUtf8(body);
  const field = fieldAt(body.subarray(0, at).toString('utf8'));
  throw badRequest(IntegrationMessages.invalidUtf8(field), {
    [field]: IntegrationMessages.invalidUtf8Field,
  });
}

/**
 * The offset of the first byte that is not well-formed UTF-8, or -1: node's lenient decode puts U+FFFD for
 * each bad sequence, and a U+FFFD whose bytes are not its own encoding (EF BF BD) marks one.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('utf8');
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) {
    const offset = Buffer.byteLength(text.slice(0, at));
    if (buffer[offset] !== 0xef || buffer[offset + 1] !== 0xbf || buffer[offset + 2] !== 0xbd) return offset;
  }
  return -1;
}

/**
 * The JSON path (`orders[3].buyerName`) of the value being written where `prefix`, the start of a JSON text,
 * ends: containers are followed by their brackets, commas and colons, strings skipped with their escapes.
 */
export function fieldAt(prefix: string): string {
  const path: { key?: string; index?: number }[] = [];
  let expectingKey = false;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i];
    if (c === '"') {
      let end = i + 1;
      while (end < prefix.length && prefix[end] !== '"') end += prefix[end] === '\\' ? 2 : 1;
      if (end >= prefix.length) break; // the bad byte is inside this string
      if (expectingKey) path[path.length - 1].key = safeKey(prefix.slice(i, end + 1));
      i = end;
    } else if (c === '{') {
      path.push({});
      expectingKey = true;
    } else if (c === '[') {
      path.push({ index: 0 });
      expectingKey = false;
    } else if (c === '}' || c === ']') {
      path.pop();
      expectingKey = false;
    } else if (c === ':') {
      expectingKey = false;
    } else if (c === ',') {
      const top = path[path.length - 1];
      if (top?.index !== undefined) top.index++;
      else expectingKey = true;
    }
  }
  if (expectingKey) path[path.length - 1].key = undefined; // the bad byte is in a key: name its object
  let name = '';
  for (const step of path) {
    if (step.index !== undefined) name += `[${step.index}]`;
    else if (step.key !== undefined) name += name ? `.${step.key}` : step.key;
  }
  return name || 'body';
}

function safeKey(quoted: string): string {
  try {
    return String(JSON.parse(quoted)).slice(0, 64);
  } catch {
    return quoted.slice(1, 65);
  }
}
