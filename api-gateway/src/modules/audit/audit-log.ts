import type { Sql } from '../../db/database';

export interface AuditEntry {
  /** Who did it; null for the system (seed, background jobs). */
  actorUserId: number | null;
  /** Dotted verb, e.g. `affiliate.approve`; the dashboard's Recent Activity titles known ones. */
  action: string;
  entityType: string;
  entityId: string | number;
  fromStatus?: string | null;
  toStatus?: string | null;
  remark?: string | null;
  details?: Record<string, unknown> | null;
  /** The app clock's time (ctx.now()), so tests that move the clock see consistent rows. */
  at: Date;
}

/** Writes one audit row inside the caller's transaction: the row exists exactly when the change does. */
export async function recordAudit(sql: Sql, entry: AuditEntry): Promise<number> {
  const { rows } = await sql.query<{ audit_id: string | number }>(
    `INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, from_status, to_status, remark, details, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING audit_id`,
    [
      entry.actorUserId,
      entry.action,
      entry.entityType,
      String(entry.entityId),
      entry.fromStatus ?? null,
      entry.toStatus ?? null,
      entry.remark ?? null,
      entry.details ? JSON.stringify(entry.details) : null,
      entry.at,
    ],
  );
  return Number(rows[0].audit_id);
}

export interface AuditRow {
  auditId: number;
  action: string;
  entityType: string;
  entityId: string;
  fromStatus: string | null;
  toStatus: string | null;
  remark: string | null;
  actorUserId: number | null;
  actorName: string | null;
  actorRoleId: number | null;
  /** For affiliate rows: the affiliate's code and name, so titles need no second lookup. */
  affiliateCode: string | null;
  affiliateName: string | null;
  /** For user rows: the user's name and email. */
  userName: string | null;
  userEmail: string | null;
  /** What the change was about beyond its statuses, e.g. an upload's file name and rows. */
  details: Record<string, unknown> | null;
  createdAt: Date;
}

/** The columns of an AuditRow, named as its fields (both drivers answer bigint as a number, jsonb parsed). */
const SELECT_AUDIT = `SELECT l.audit_id AS "auditId", l.action, l.entity_type AS "entityType", l.entity_id AS "entityId",
                             l.from_status AS "fromStatus", l.to_status AS "toStatus", l.remark,
                             l.actor_user_id AS "actorUserId", u.full_name AS "actorName", u.role_id AS "actorRoleId",
                             a.affiliate_code AS "affiliateCode", a.full_name AS "affiliateName",
                             tu.full_name AS "userName", tu.email AS "userEmail", l.details, l.created_at AS "createdAt"
                        FROM audit_log l
                        LEFT JOIN users u ON u.user_id = l.actor_user_id
                        LEFT JOIN users tu
                          ON tu.user_id = CASE WHEN l.entity_type = 'user' AND l.entity_id ~ '^[0-9]{1,18}$'
                                               THEN l.entity_id::bigint END
                        LEFT JOIN affiliates a
                          ON a.affiliate_id = CASE WHEN l.entity_type = 'affiliate' AND l.entity_id ~ '^[0-9]{1,18}$'
                                                   THEN l.entity_id::bigint END`;

/** One entity's history, newest first (audit_log_entity_idx). */
export async function listAuditFor(
  sql: Sql,
  entityType: string,
  entityId: string | number,
  limit = 200,
): Promise<AuditRow[]> {
  const { rows } = await sql.query<AuditRow>(
    `${SELECT_AUDIT} WHERE l.entity_type = $1 AND l.entity_id = $2 ORDER BY l.created_at DESC, l.audit_id DESC LIMIT $3`,
    [entityType, String(entityId), limit],
  );
  return rows;
}

/** The newest row that moved an entity into `toStatus`: who put it where it is now. */
export async function lastChangeTo(
  sql: Sql,
  entityType: string,
  entityId: string | number,
  toStatus: string,
): Promise<AuditRow | null> {
  const { rows } = await sql.query<AuditRow>(
    `${SELECT_AUDIT} WHERE l.entity_type = $1 AND l.entity_id = $2 AND l.to_status = $3
      ORDER BY l.created_at DESC, l.audit_id DESC LIMIT 1`,
    [entityType, String(entityId), toStatus],
  );
  return rows[0] ?? null;
}

/**
 * Looks, not changes (issue 29): a staff member's Show, an opened selfie, a full-number export. They are in
 * the affiliate's history (the review modal) but not in the dashboards' Recent Activity, which they would flood.
 */
export const LOOK_ACTIONS = [
  'affiliate.numbers.show',
  'affiliate.identity-number.show',
  'affiliate.account-number.show',
  'affiliate.selfie.view',
  'affiliate.export.full-numbers',
  // Issue 50: a reviewer taking or giving back a case is the queue's routine, not activity worth a dashboard line.
  'kyc.claim',
  'kyc.release',
];

/** The newest changes across everything (audit_log_created_idx), looks left out. */
export async function listRecentAudit(sql: Sql, limit: number): Promise<AuditRow[]> {
  const { rows } = await sql.query<AuditRow>(
    `${SELECT_AUDIT} WHERE l.action NOT IN (${LOOK_ACTIONS.map((action) => `'${action}'`).join(', ')})
      ORDER BY l.created_at DESC, l.audit_id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

const TITLES: Record<string, string> = {
  'affiliate.register': 'New KYC application',
  'affiliate.approve': 'KYC approved',
  'affiliate.reject': 'KYC rejected',
  'affiliate.activate': 'Affiliate activated',
  'affiliate.inactivate': 'Affiliate made inactive',
  'affiliate.rekyc': 'Re-KYC submitted',
  'affiliate.update': 'Affiliate details updated',
  'affiliate.numbers.show': 'BVN/NIN and account number shown',
  'affiliate.identity-number.show': 'BVN/NIN shown',
  'affiliate.account-number.show': 'Account number shown',
  'affiliate.selfie.view': 'Selfie viewed',
  'affiliate.export.full-numbers': 'Exported with full BVN/NIN and account number',
  'affiliate.erase': 'Personal data erased',
  'affiliate.erase.settled-otherwise': 'Money owed recorded as settled another way (erasure)',
  'affiliate.erasure.request': 'Erasure requested by the affiliate',
  'kyc.claim': 'KYC case claimed',
  'kyc.release': 'KYC case released',
  'kyc.reassign': 'KYC case reassigned',
  'kyc.part.accept': 'KYC part accepted',
  'kyc.part.return': 'KYC part returned',
  'kyc.approval-requested': 'Approval waiting for a second reviewer',
  'user.create': 'User created',
  'user.update': 'User updated',
  'user.inactivate': 'User made inactive',
  'user.activate': 'User made active',
  'user.second_factor_enrol': 'Two-step sign-in set up',
  'user.second_factor_remove': 'Two-step sign-in turned off',
  'user.second_factor_reset': 'Two-step sign-in reset',
  'notification.create': 'Notice added',
  'notification.update': 'Notice updated',
  'notification.delete': 'Notice deleted',
  'commission.upload': 'Commission rates uploaded',
  'commission.return_window': 'Return window changed',
  'payout.settings': 'Payout settings changed',
  'payout.run.create': 'Payout run created',
  'payout.run.submit': 'Payout run submitted for approval',
  'payout.run.discard': 'Draft payout run discarded',
  'payout.run.approve': 'Payout run approved',
  'payout.run.reject': 'Payout run rejected',
  'payout.run.execute': 'Payout run sent for payment',
  'payout.run.bank_file': 'Bank file downloaded',
  'payout.run.result': 'Bank result uploaded',
  'payout.run.complete': 'Payout run completed',
  'payout.run.balance': 'Payout run waiting: Paystack balance too low',
  'payout.line.exclude': 'Payout line excluded',
  'payout.line.include': 'Payout line included again',
  'payout.line.let_go': 'Payout line under risk review let go',
  'payout.line.mark': 'Payout line marked',
  'payout.line.failed_after_paid': 'Failed reported for a paid payout line: refused',
  'affiliate.bank.verify': 'Bank account verified',
  'affiliate.bank.enquiry': 'Bank name enquiry waiting for a second person',
  'affiliate.bank.decline': 'Bank name enquiry declined',
  'payout.line.paid': 'Payout line paid',
  'payout.line.failed': 'Payout line failed',
  'payout.line.reversed': 'Payout line reversed',
  'payout.line.mismatch': 'Payout line not marked paid: Paystack amount or currency differs',
};

/** An action in words ('KYC approved'), as the history shows it. */
export const auditTitle = (action: string): string => TITLES[action] ?? humanise(action);

/** A title and a one-line description of an audit row, in the product's words, for people to read. */
export function describeAudit(row: AuditRow): { title: string; description: string } {
  const title = auditTitle(row.action);
  // A notice's row keeps its title as the remark: the notice is named by it.
  const namedByRemark = row.entityType === 'notification' && row.remark;
  const subject = row.affiliateCode
    ? `${row.affiliateCode} ${row.affiliateName ?? ''}`.trim()
    : row.userName
      ? `${row.userName} (${row.userEmail ?? ''})`
      : namedByRemark
        ? `'${row.remark}'`
        : (uploadSubject(row) ??
          categorySubject(row) ??
          payoutSubject(row) ??
          `${row.entityType} ${row.entityId}`);
  const change = row.fromStatus && row.toStatus ? ` (${row.fromStatus} → ${row.toStatus})` : '';
  const actor = row.actorName ? ` by ${row.actorName}` : '';
  const remark = row.remark && !namedByRemark ? `: ${row.remark}` : '';
  return { title, description: `${subject}${change}${actor}${remark}` };
}

/** A commission upload is named by its file and its rows: 'rates.xlsx, 120 rows'. */
function uploadSubject(row: AuditRow): string | null {
  if (row.action !== 'commission.upload' || !row.details) return null;
  const { fileName, rowCount } = row.details;
  if (typeof fileName !== 'string' || typeof rowCount !== 'number') return null;
  return `${fileName}, ${rowCount.toLocaleString('en-NG')} row${rowCount === 1 ? '' : 's'}`;
}

/** A return window is named by its category: "Return window of 'Beverages'". */
function categorySubject(row: AuditRow): string | null {
  return row.entityType === 'product_category' ? `Return window of '${row.entityId}'` : null;
}

/** Payouts (issue 28): 'Payout run #12', 'Payout line #40 (AFF100001) of run #12', 'Payout settings'. */
function payoutSubject(row: AuditRow): string | null {
  if (row.entityType === 'payout_run') return `Payout run #${row.entityId}`;
  if (row.entityType === 'payout_settings') return 'Payout settings';
  if (row.entityType !== 'payout_line') return null;
  const code = typeof row.details?.affiliateCode === 'string' ? ` (${row.details.affiliateCode})` : '';
  const run = typeof row.details?.runId === 'number' ? ` of run #${row.details.runId}` : '';
  return `Payout line #${row.entityId}${code}${run}`;
}

function humanise(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
