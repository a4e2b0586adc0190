import { Writable } from 'node:stream';
import pino, { type Level } from 'pino';

/** A pino logger whose lines are kept, parsed, in `lines` (tests read what a component logged). */
export function capturedLog<Line extends { msg: string }>(level: Level = 'info') {
  const lines: Line[] = [];
  const logger = pino(
    { level },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Line);
        callback();
      },
    }),
  );
  return { logger, lines };
}
