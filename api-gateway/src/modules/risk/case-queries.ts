import type {
  RiskCaseDetail,
  RiskCaseKind,
  RiskCasesPage,
  RiskCaseState,
  RiskCaseSummary,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { notFound } from '../../http/errors';
import { maskNumber } from '../../lib/field-crypto';
import { maskedNumbers, SEALED_NUMBER_COLUMNS, type SealedNumberRow } from '../../lib/sealed-numbers';
import { RiskMessages } from '@portal/contracts';

export const RISK_PAGE_SIZE = 25;

interface CaseRow {
  case_id: string | number;
  affiliate_id: string | number;
  affiliate_code: string;
  full_name: string;
  kind: RiskCaseKind;
  severity: number;
  state: RiskCaseState;
  summary: string;
  opened_at: Date | string;
  seen_at: Date | string;
  closed_at: Date | string | null;
  other_open: string | number;
}

const CASE_COLUMNS = `c.case_id, c.affiliate_id, a.affiliate_code, a.full_name, c.kind, c.severity, c.state, c.summary,
  c.opened_at, c.seen_at, c.closed_at,
  (SELECT count(*) FROM risk_cases o WHERE o.affiliate_id = c.affiliate_id AND o.state = 'open'
                                       AND o.case_id <> c.case_id) AS other_open`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: CaseRow): RiskCaseSummary {
  return {
    caseId: Number(row.case_id),
    affiliateId: Number(row.affiliate_id),
    affiliateCode: row.affiliate_code,
    affiliateName: row.full_name,
    kind: row.kind,
    severity: Number(row.severity),
    state: row.state,
    summary: row.summary,
    openedAt: iso(row.opened_at),
    seenAt: iso(row.seen_at),
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
    otherOpenCases: Number(row.other_open),
  };
}

/** The queue: open cases by severity then age (risk_cases_queue_idx); closed ones newest closed first. */
export async function listCases(sql: Sql, state: RiskCaseState, page: number): Promise<RiskCasesPage> {
  const order =
    state === 'open' ? 'c.severity DESC, c.opened_at, c.case_id' : 'c.closed_at DESC, c.case_id DESC';
  const [{ rows }, count] = await Promise.all([
    sql.query<CaseRow>(
      `SELECT ${CASE_COLUMNS} FROM risk_cases c JOIN affiliates a ON a.affiliate_id = c.affiliate_id
        WHERE c.state = $1 ORDER BY ${order} LIMIT ${RISK_PAGE_SIZE} OFFSET $2`,
      [state, (page - 1) * RISK_PAGE_SIZE],
    ),
    sql.query<{ total: string | number }>('SELECT count(*) AS total FROM risk_cases WHERE state = $1', [
      state,
    ]),
  ]);
  return {
    results: rows.map(toSummary),
    totalCount: Number(count.rows[0].total),
    pageNo: page,
    pageSize: RISK_PAGE_SIZE,
  };
}

type EvidenceRow = Record<string, string | number | null>;

/**
 * The evidence rows with what a reviewer needs to read them: each affiliate they name, with its BVN/NIN, account
 * and mobile masked (the numbers call, audited, reveals them), and each retailer's contact mobile masked.
 */
async function readableEvidence(ctx: AppContext, sql: Sql, rows: EvidenceRow[]): Promise<EvidenceRow[]> {
  const affiliateIds = new Set<number>();
  const retailerIds = new Set<number>();
  for (const row of rows) {
    for (const key of ['affiliateId', 'otherAffiliateId'])
      if (typeof row[key] === 'number') affiliateIds.add(row[key]);
    if (typeof row.retailerId === 'number') retailerIds.add(row.retailerId);
  }
  const affiliates = new Map<number, EvidenceRow>();
  if (affiliateIds.size > 0) {
    const { rows: found } = await sql.query<
      SealedNumberRow & {
        affiliate_id: string | number;
        affiliate_code: string;
        full_name: string;
        mobile_number: string;
        bank_name: string | null;
      }
    >(
      `SELECT a.affiliate_id, a.affiliate_code, a.full_name, a.mobile_number, b.bank_name, ${SEALED_NUMBER_COLUMNS}
         FROM affiliates a LEFT JOIN banks b ON b.bank_id = a.bank_id WHERE a.affiliate_id = ANY($1::bigint[])`,
      [[...affiliateIds]],
    );
    for (const row of found) {
      const masked = maskedNumbers(ctx.config.dataKeyring, row);
      affiliates.set(Number(row.affiliate_id), {
        code: row.affiliate_code,
        name: row.full_name,
        mobile: maskNumber(row.mobile_number),
        bank: row.bank_name,
        accountNumber: masked.accountNumber,
        ninOrBVN: masked.ninOrBVN,
      });
    }
  }
  const retailers = new Map<number, string>();
  if (retailerIds.size > 0) {
    const { rows: found } = await sql.query<{ retailer_id: string | number; fao_mobile_no: string }>(
      'SELECT retailer_id, fao_mobile_no FROM retailers WHERE retailer_id = ANY($1::bigint[])',
      [[...retailerIds]],
    );
    for (const row of found) retailers.set(Number(row.retailer_id), maskNumber(row.fao_mobile_no));
  }
  return rows.map((row) => {
    const shown: EvidenceRow = { ...row };
    const other = affiliates.get(Number(row.otherAffiliateId ?? row.affiliateId));
    if (other) {
      shown.otherAffiliateCode = other.code;
      shown.otherAffiliateName = other.name;
      shown.otherMobile = other.mobile;
      shown.otherBank = other.bank;
      shown.otherAccountNumber = other.accountNumber;
      shown.otherNinOrBVN = other.ninOrBVN;
    }
    if (typeof row.retailerId === 'number') shown.faoMobile = retailers.get(row.retailerId) ?? null;
    return shown;
  });
}

const LEDGER_SQL = `
  SELECT coalesce(sum(e.amount) FILTER (WHERE e.kind = 'earned'), 0)::text AS earned,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'reversal'), 0)::text AS reversed,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'clawback'), 0)::text AS clawed_back,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'adjustment'), 0)::text AS adjustments,
         coalesce(sum(e.amount), 0)::text AS total,
         coalesce(sum(e.amount) FILTER (WHERE EXISTS (
           SELECT 1 FROM payout_line_entries p WHERE p.entry_id = e.entry_id AND p.line_status = 'paid')), 0)::text AS paid
    FROM commission_entries e WHERE e.affiliate_id = $1`;

export async function caseDetail(ctx: AppContext, caseId: number): Promise<RiskCaseDetail> {
  const sql = ctx.db;
  const { rows } = await sql.query<
    CaseRow & {
      evidence: { rows?: EvidenceRow[]; figures?: Record<string, string | number> };
      closed_by: string | null;
      close_reason: string | null;
    }
  >(
    `SELECT ${CASE_COLUMNS}, c.evidence, u.full_name AS closed_by, c.close_reason
       FROM risk_cases c JOIN affiliates a ON a.affiliate_id = c.affiliate_id
       LEFT JOIN users u ON u.user_id = c.closed_by
      WHERE c.case_id = $1`,
    [caseId],
  );
  const row = rows[0];
  if (!row) throw notFound(RiskMessages.caseNotFound);
  const affiliateId = Number(row.affiliate_id);
  const [signals, ledger, orders, history, evidenceRows] = await Promise.all([
    sql.query<CaseRow>(
      `SELECT ${CASE_COLUMNS} FROM risk_cases c JOIN affiliates a ON a.affiliate_id = c.affiliate_id
        WHERE c.affiliate_id = $1 AND c.state = 'open' AND c.case_id <> $2 ORDER BY c.severity DESC, c.opened_at`,
      [affiliateId, caseId],
    ),
    sql.query<{
      earned: string;
      reversed: string;
      clawed_back: string;
      adjustments: string;
      total: string;
      paid: string;
    }>(LEDGER_SQL, [affiliateId]),
    sql.query<{
      order_id: string | number;
      order_code: string;
      order_date: string;
      retailer_code: string;
      order_value: string;
      status: string;
      commission_amount: string;
    }>(
      `SELECT o.order_id, o.order_code, o.order_date::text, r.retailer_code, o.order_value::text, o.status,
              o.commission_amount::text
         FROM orders o JOIN retailers r ON r.retailer_id = o.retailer_id
        WHERE o.affiliate_id = $1 ORDER BY o.order_date DESC, o.order_id DESC LIMIT 20`,
      [affiliateId],
    ),
    sql.query<{
      action: string;
      remark: string | null;
      actor_name: string | null;
      created_at: Date | string;
    }>(
      `SELECT l.action, l.remark, u.full_name AS actor_name, l.created_at
         FROM audit_log l LEFT JOIN users u ON u.user_id = l.actor_user_id
        WHERE l.entity_type = 'affiliate' AND l.entity_id = $1
          AND (l.action LIKE 'risk.%' OR l.action = 'affiliate.inactivate')
          AND l.details->>'caseId' = $2
        ORDER BY l.created_at, l.audit_id`,
      [String(affiliateId), String(caseId)],
    ),
    readableEvidence(ctx, sql, row.evidence.rows ?? []),
  ]);
  const money = ledger.rows[0];
  return {
    case: { ...toSummary(row), closedBy: row.closed_by, closeReason: row.close_reason },
    evidence: { rows: evidenceRows, figures: row.evidence.figures ?? {} },
    signals: signals.rows.map(toSummary),
    ledger: {
      earned: money.earned,
      reversed: money.reversed,
      clawedBack: money.clawed_back,
      adjustments: money.adjustments,
      total: money.total,
      paid: money.paid,
    },
    recentOrders: orders.rows.map((o) => ({
      orderId: Number(o.order_id),
      orderCode: o.order_code,
      orderDate: o.order_date,
      retailerCode: o.retailer_code,
      orderValue: o.order_value,
      status: o.status,
      commission: o.commission_amount,
    })),
    history: history.rows.map((h) => ({
      action: h.action,
      remark: h.remark,
      actorName: h.actor_name,
      createdAt: iso(h.created_at),
    })),
  };
}
