import type { Request, Response } from 'express';
import { DOWNLOAD_TOKEN_TTL_MINUTES } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../http/session';
import { keyedHash, keyedHashMatches } from '../../lib/keyed-hash';
import { DOWNLOAD_PATH } from './download-tokens';

/**
 * Issue 48: a download link works only for the user who asked for it. A browser follows the link without
 * the bearer header, so the owner's token check (made with the bearer, spec §4 "checked first") leaves an
 * HttpOnly, SameSite=Strict cookie naming that session, scoped to the download path; the download then
 * knows whose browser it is. Programs send the bearer header instead.
 */
export const DOWNLOAD_COOKIE = 'portal_download';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** Remembers, in this browser, which session checked a link (a keyed hash of its id proves it came from us). */
export function setDownloadCookie(ctx: AppContext, req: Request, res: Response, session: SessionUser): void {
  res.cookie(
    DOWNLOAD_COOKIE,
    `${session.sessionId}.${keyedHash(ctx, 'download-session', session.sessionId)}`,
    {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: DOWNLOAD_PATH,
      maxAge: DOWNLOAD_TOKEN_TTL_MINUTES * 60_000,
    },
  );
}

/**
 * Whose download this is: the bearer's session when one was sent, otherwise the session named by a genuine
 * download cookie that is still live (not signed out, not expired, its user active). Undefined when neither.
 */
export async function downloadCaller(
  ctx: AppContext,
  req: Request,
  session: SessionUser | undefined,
): Promise<number | undefined> {
  if (session) return session.userId;
  const [sessionId, proof] = (readCookie(req, DOWNLOAD_COOKIE) ?? '').split('.');
  if (!sessionId || !proof || !UUID.test(sessionId)) return undefined;
  if (!/^[0-9a-f]{64}$/.test(proof) || !keyedHashMatches(ctx, 'download-session', sessionId, proof))
    return undefined;
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `SELECT s.user_id FROM sessions s JOIN users u ON u.user_id = s.user_id
      WHERE s.session_id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.is_active`,
    [sessionId, ctx.now()],
  );
  return rows[0] ? Number(rows[0].user_id) : undefined;
}
