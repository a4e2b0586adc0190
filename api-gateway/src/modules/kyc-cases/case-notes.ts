import type { KycNote, KycNoteResponse } from '@portal/contracts';
import { AffiliateMessages, KycCaseMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { claimCutoff } from './case-queries';

const NOTES_SHOWN = 200;

async function assertAffiliate(sql: Sql, affiliateId: number): Promise<void> {
  const { rows } = await sql.query('SELECT 1 FROM affiliates WHERE affiliate_id = $1', [affiliateId]);
  if (rows.length === 0) throw notFound(AffiliateMessages.notFound);
}

/** An affiliate's staff notes, newest first. */
export async function listNotes(sql: Sql, affiliateId: number): Promise<KycNote[]> {
  await assertAffiliate(sql, affiliateId);
  const { rows } = await sql.query<{ noteID: number; body: string; authorName: string; createdAt: Date }>(
    `SELECT n.note_id AS "noteID", n.body, u.full_name AS "authorName", n.created_at AS "createdAt"
       FROM kyc_case_notes n JOIN users u ON u.user_id = n.author_user_id
      WHERE n.affiliate_id = $1
      ORDER BY n.created_at DESC, n.note_id DESC
      LIMIT ${NOTES_SHOWN}`,
    [affiliateId],
  );
  return rows.map(({ createdAt, ...row }) => ({ ...row, createdOn: createdAt.toISOString() }));
}

/** Adds a note; a note on a case the author holds is an action on it, so the claim's clock starts again. */
export async function addNote(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
  body: string,
): Promise<KycNoteResponse> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await assertAffiliate(tx, affiliateId);
    const { rows } = await tx.query<{ noteID: number }>(
      `INSERT INTO kyc_case_notes (affiliate_id, author_user_id, body, created_at)
       VALUES ($1, $2, $3, $4) RETURNING note_id AS "noteID"`,
      [affiliateId, actor.userId, body, now],
    );
    await tx.query(
      `UPDATE kyc_cases SET last_active_at = $3
        WHERE affiliate_id = $1 AND reviewer_user_id = $2 AND last_active_at > $4`,
      [affiliateId, actor.userId, now, claimCutoff(now)],
    );
    const author = await tx.query<{ full_name: string }>('SELECT full_name FROM users WHERE user_id = $1', [
      actor.userId,
    ]);
    return {
      message: KycCaseMessages.noteAdded,
      note: {
        noteID: rows[0].noteID,
        body,
        authorName: author.rows[0].full_name,
        createdOn: now.toISOString(),
      },
    };
  });
}
