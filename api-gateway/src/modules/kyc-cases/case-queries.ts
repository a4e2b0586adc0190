import type { KycCaseSummary, KycQueueAgeing, KycRisk } from '@portal/contracts';
import {
  BANK_NAME_MATCH_THRESHOLD,
  KYC_AGE_TARGET_HOURS,
  KYC_CLAIM_IDLE_MINUTES,
  KYC_RISKS,
} from '@portal/contracts';
import type { Sql } from '../../db/database';
import { AUTHORITY_CHECK_FAILED_SQL } from '../identity-check';

const HOUR_MS = 3_600_000;
const IDLE_MS = KYC_CLAIM_IDLE_MINUTES * 60_000;

/** The instant before which a claim's last action makes it lapsed: a claim is live while last_active_at > it. */
export const claimCutoff = (now: Date) => new Date(now.getTime() - IDLE_MS);

/**
 * One case row: the affiliate's name and code, the claim (the reviewer's name when live at `now`) and the risk
 * signals, computed from the portal's own rows (duplicate-identity flags either way, the bank name match).
 * $1 is the claim cutoff.
 */
const SELECT_CASE = `SELECT c.affiliate_id AS "affiliateID", a.affiliate_code AS "affiliateCode", a.full_name AS "fullName",
         a.identity_type AS "identityType", c.queued_at AS "queuedAt",
         CASE WHEN c.last_active_at > $1 THEN c.reviewer_user_id END AS "reviewerID",
         CASE WHEN c.last_active_at > $1 THEN r.full_name END AS "reviewerName",
         CASE WHEN c.last_active_at > $1 THEN c.claimed_at END AS "claimedAt",
         CASE WHEN c.last_active_at > $1 THEN c.last_active_at END AS "lastActiveAt",
         (EXISTS (SELECT 1 FROM affiliate_flags f WHERE f.affiliate_id = c.affiliate_id)
          OR EXISTS (SELECT 1 FROM affiliate_flags f WHERE f.other_affiliate_id = c.affiliate_id)) AS "duplicateIdentity",
         coalesce(a.bank_name_match_score < ${BANK_NAME_MATCH_THRESHOLD}, false) AS "lowNameMatch",
         ${AUTHORITY_CHECK_FAILED_SQL} AS "authorityCheckFailed"
    FROM kyc_cases c
    JOIN affiliates a ON a.affiliate_id = c.affiliate_id
    LEFT JOIN users r ON r.user_id = c.reviewer_user_id`;

interface CaseRow {
  affiliateID: number;
  affiliateCode: string;
  fullName: string;
  identityType: 'BVN' | 'NIN';
  queuedAt: Date;
  reviewerID: number | null;
  reviewerName: string | null;
  claimedAt: Date | null;
  lastActiveAt: Date | null;
  duplicateIdentity: boolean;
  lowNameMatch: boolean;
  authorityCheckFailed: boolean;
}

function caseSummary(row: CaseRow, now: Date): KycCaseSummary {
  const ageHours = Math.max(0, Math.floor((now.getTime() - row.queuedAt.getTime()) / HOUR_MS));
  const risks: KycRisk[] = KYC_RISKS.filter((risk) => row[risk]);
  return {
    affiliateID: row.affiliateID,
    affiliateCode: row.affiliateCode,
    fullName: row.fullName,
    identityType: row.identityType,
    queuedOn: row.queuedAt.toISOString(),
    ageHours,
    overTarget: now.getTime() - row.queuedAt.getTime() >= KYC_AGE_TARGET_HOURS * HOUR_MS,
    risks,
    claim:
      row.reviewerID === null || row.claimedAt === null || row.lastActiveAt === null
        ? null
        : {
            reviewerID: row.reviewerID,
            reviewerName: row.reviewerName ?? '',
            claimedOn: row.claimedAt.toISOString(),
            expiresOn: new Date(row.lastActiveAt.getTime() + IDLE_MS).toISOString(),
          },
  };
}

/** One case as it stands at `now`; undefined when the affiliate is not waiting in the queue. */
export async function findCase(
  sql: Sql,
  affiliateId: number,
  now: Date,
): Promise<KycCaseSummary | undefined> {
  const { rows } = await sql.query<CaseRow>(`${SELECT_CASE} WHERE c.affiliate_id = $2`, [
    claimCutoff(now),
    affiliateId,
  ]);
  return rows[0] && caseSummary(rows[0], now);
}

export interface QueueRequest {
  sort: 'age' | 'risk';
  show: 'all' | 'unclaimed' | 'mine';
  reviewerId: number;
  page: number;
  pageSize: number;
}

const RISK_COUNT = `((EXISTS (SELECT 1 FROM affiliate_flags f WHERE f.affiliate_id = c.affiliate_id)
                      OR EXISTS (SELECT 1 FROM affiliate_flags f WHERE f.other_affiliate_id = c.affiliate_id))::int
                     + coalesce(a.bank_name_match_score < ${BANK_NAME_MATCH_THRESHOLD}, false)::int
                     + (${AUTHORITY_CHECK_FAILED_SQL})::int)`;

/** One page of the queue and the count of its filter. */
export async function pageQueue(
  sql: Sql,
  request: QueueRequest,
  now: Date,
): Promise<{ results: KycCaseSummary[]; totalCount: number }> {
  // Every filter names both parameters, so the page and the count can share them.
  const where =
    request.show === 'unclaimed'
      ? 'WHERE (c.reviewer_user_id IS NULL OR c.last_active_at <= $1) AND $2::bigint IS NOT NULL'
      : request.show === 'mine'
        ? 'WHERE c.reviewer_user_id = $2 AND c.last_active_at > $1'
        : 'WHERE $1::timestamptz IS NOT NULL AND $2::bigint IS NOT NULL';
  const order =
    request.sort === 'risk'
      ? `ORDER BY ${RISK_COUNT} DESC, c.queued_at, c.affiliate_id`
      : 'ORDER BY c.queued_at, c.affiliate_id';
  const params = [claimCutoff(now), request.reviewerId];
  const [page, count] = await Promise.all([
    sql.query<CaseRow>(`${SELECT_CASE} ${where} ${order} LIMIT $3 OFFSET $4`, [
      ...params,
      request.pageSize,
      (request.page - 1) * request.pageSize,
    ]),
    sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM kyc_cases c ${where}`, params),
  ]);
  return { results: page.rows.map((row) => caseSummary(row, now)), totalCount: count.rows[0].total };
}

/** The dashboard's view of the queue: how many wait, how many are past the target, and the oldest's hours. */
export async function queueAgeing(sql: Sql, now: Date): Promise<KycQueueAgeing> {
  const { rows } = await sql.query<{ waiting: number; overTarget: number; oldest: Date | null }>(
    `SELECT count(*)::int AS waiting, count(*) FILTER (WHERE queued_at <= $1)::int AS "overTarget",
            min(queued_at) AS oldest
       FROM kyc_cases`,
    [new Date(now.getTime() - KYC_AGE_TARGET_HOURS * HOUR_MS)],
  );
  const { waiting, overTarget, oldest } = rows[0];
  return {
    waiting,
    overTarget,
    oldestHours: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / HOUR_MS)) : 0,
    targetHours: KYC_AGE_TARGET_HOURS,
  };
}
