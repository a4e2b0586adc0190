import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { Messages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import type { SessionUser } from '../../http/session';
import { downloadCaller } from './download-owner';
import { consumeDownloadToken, liveDownloadTokenOwner } from './download-tokens';
import type { ExportRunner } from './export-runner';

/**
 * What a person who follows a dead link in a browser sees: the message and a way back into the portal. A
 * program (axios, curl, a test) asks for JSON and still gets `{ message }`.
 */
export function invalidLinkPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invalid or expired link</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f6fa;color:#1e293b}main{text-align:center;padding:1.5rem}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>${Messages.invalidDownloadLink}</h1>
<p>A download link works once, within 10 minutes. Export the report again from the portal.</p>
<p><a href="/">Go to the portal</a></p>
</main>
</body>
</html>
`;
}

/** A browser navigating to the link says it prefers HTML; programs do not. */
function wantsPage(req: Request): boolean {
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}

/**
 * Streams the file behind a single-use token to the user who asked for it, and removes it once delivered.
 * A used, expired or forged token is 410; someone else's live link (or one followed signed out) is 404 and
 * stays usable by its owner. JSON for programs, a page for people.
 */
export async function sendDownload(
  ctx: AppContext,
  store: FileStore,
  exportRunner: ExportRunner,
  token: string | undefined,
  session: SessionUser | undefined,
  req: Request,
  res: Response,
): Promise<void> {
  const caller = token ? await downloadCaller(ctx, req, session) : undefined;
  const fileId =
    caller === undefined ? undefined : await consumeDownloadToken(ctx.db, token, caller, ctx.now());
  const file = fileId ? await store.find(ctx.db, { fileId }) : undefined;
  const stream = file ? store.openRead(file.storageKey) : undefined;
  const opened =
    stream &&
    (await new Promise<boolean>((resolve) => {
      stream.once('open', () => resolve(true));
      stream.once('error', () => resolve(false));
    }));
  if (!file || !stream || !opened) {
    const status =
      !fileId && (await liveDownloadTokenOwner(ctx.db, token, ctx.now())) !== undefined ? 404 : 410;
    if (!wantsPage(req)) throw new HttpError(status, Messages.invalidDownloadLink);
    res
      .status(status)
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(invalidLinkPage());
    return;
  }
  const { rows } = await ctx.db.query<{ original_name: string | null }>(
    'SELECT original_name FROM stored_files WHERE file_id = $1',
    [file.fileId],
  );
  const name = (rows[0]?.original_name ?? 'report.xlsx').replace(/[^\w.-]/g, '_');
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.sizeBytes));
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.setHeader('Cache-Control', 'no-store');
  // With Content-Length a client may close as soon as the last byte arrives, before the pipeline has
  // ended: the pipeline then reports a premature close, yet every byte was handed to the response.
  let bytesSent = 0;
  stream.on('data', (chunk: Buffer | string) => {
    bytesSent += chunk.length;
  });
  const delivered = await pipeline(stream, res).then(
    () => true,
    () => bytesSent === file.sizeBytes,
  );
  // The link worked once; the file has no further use. An interrupted download keeps it until the purge.
  if (delivered)
    await exportRunner
      .remove(file)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'export cleanup failed'));
}
