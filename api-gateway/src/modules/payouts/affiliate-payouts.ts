import type {
  AffiliatePayoutsQuery,
  AffiliatePayoutsResponse,
  ExcelPathResponse,
  PayoutLineStatus,
} from '@portal/contracts';
import {
  AFFILIATE_PAYOUT_STATUS_LABEL,
  PAYOUT_PAGE_SIZE,
  PayoutIdParam,
  PayoutMessages,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { businessDay, startOfBusinessDay } from '../../lib/business-time';
import { type ExportRunner, NAIRA_FORMAT, type SheetColumn } from '../reports';
import {
  type AdviceEntryRow,
  type AdviceLine,
  adviceEntries,
  findAdviceLine,
  pagePayoutLines,
  paidSince,
} from './affiliate-payouts-queries';
import { accountLabel } from './account-label';
import { pageLedger } from './ledger/affiliate-ledger';
import { affiliateBalances } from './ledger/balances';
import { affiliateHeldForReview } from './risk-holds';

/** Only the caller's own payouts: the affiliate comes from the session, never from the request. */
function payee(session: SessionUser): number {
  if (session.affiliateId === null) throw forbidden();
  return session.affiliateId;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Failed and reversed lines say why (the provider's or the admin's words); the others need no reason. */
const REASONED: ReadonlySet<string> = new Set(['failed', 'reversed']);

/**
 * `GET affiliate/payouts`: the four cards, one page of payouts and one page of the ledger list (by order). The cards come
 * from the one definition of the balances (balances.ts); Paid this year is what reached the bank (net of
 * deductions) on lines paid since 1 January, business time.
 */
export async function affiliatePayouts(
  ctx: AppContext,
  session: SessionUser,
  query: z.output<typeof AffiliatePayoutsQuery>,
): Promise<AffiliatePayoutsResponse> {
  const affiliateId = payee(session);
  const now = ctx.now();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAYOUT_PAGE_SIZE;
  const explanationsPage = query.explanationsPage ?? 1;
  const explanationsPageSize = query.explanationsPageSize ?? PAYOUT_PAGE_SIZE;
  const yearStart = startOfBusinessDay(`${businessDay(now).slice(0, 4)}-01-01`);
  // One snapshot for the four reads: a line paid between two of them would otherwise show in the cards and not
  // in the table (or the reverse), and the page's figures would not add up for that moment.
  const { balances, paidThisYear, heldForReview, payouts, explanations } = await ctx.db.transaction(
    async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return {
        balances: await affiliateBalances(tx, affiliateId, now),
        paidThisYear: await paidSince(tx, affiliateId, yearStart),
        heldForReview: await affiliateHeldForReview(tx, affiliateId),
        payouts: await pagePayoutLines(tx, affiliateId, page, pageSize),
        explanations: await pageLedger(tx, affiliateId, now, explanationsPage, explanationsPageSize),
      };
    },
  );
  return {
    cards: {
      pending: balances.pending,
      nextAvailableAt: balances.nextAvailableAt,
      available: balances.available,
      inPayout: balances.inPayout,
      paidThisYear,
      heldForReview,
    },
    payouts: {
      results: payouts.rows.map((row) => ({
        lineId: Number(row.line_id),
        date: iso(row.at),
        gross: row.gross,
        deductions: row.deductions,
        net: row.net,
        account: accountLabel(row.bank_name, row.account_last4),
        status: row.status as PayoutLineStatus,
        reason: REASONED.has(row.status) ? row.status_reason : null,
      })),
      totalCount: payouts.totalCount,
      pageNo: page,
      pageSize,
    },
    explanations: {
      results: explanations.results,
      totalCount: explanations.totalCount,
      pageNo: explanationsPage,
      pageSize: explanationsPageSize,
    },
  };
}

/** One row of the remittance advice: an entry the payout pays, or one of the summary lines under them. */
export interface AdviceRow {
  item: string;
  orderId: string;
  orderDate: string;
  description: string;
  /** Naira as exact text ('1234.50'); written as a number cell (two decimals are exact in a double). */
  amount: string | null;
}

const KIND_LABEL: Record<string, string> = {
  earned: 'Commission',
  adjustment: 'Adjustment',
  clawback: 'Clawback',
};

const summary = (item: string, description: string, amount: string | null = null): AdviceRow => ({
  item,
  orderId: '',
  orderDate: '',
  description,
  amount,
});

/**
 * The advice's rows: what the payout pays, order by order (commission, adjustments, clawbacks), then gross,
 * deductions and net, and whose payout it is, where it went and under which reference.
 */
export function adviceRows(line: AdviceLine, entries: readonly AdviceEntryRow[]): AdviceRow[] {
  const rows: AdviceRow[] = entries.map((entry) => ({
    item: KIND_LABEL[entry.kind] ?? entry.kind,
    orderId: entry.order_code,
    orderDate: entry.order_day,
    description: entry.reason,
    amount: entry.amount,
  }));
  const withholding = line.withholding_percent === null ? '' : ` at ${line.withholding_percent}%`;
  const account = accountLabel(line.bank_name, line.account_last4) ?? 'the account on file';
  rows.push(
    summary('Gross', `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`, line.gross),
    summary('Deductions', `Withholding${withholding}`, negated(line.deductions)),
    summary('Net', `${line.status === 'paid' ? 'Paid' : 'To be paid'} to ${account}`, line.net),
    summary('Affiliate', `${line.affiliate_code} ${line.full_name}`),
    summary('Account name', line.account_name ?? ''),
    summary('Reference', line.reference ?? ''),
    summary('Date', businessDay(new Date(line.at))),
    summary('Status', AFFILIATE_PAYOUT_STATUS_LABEL[line.status as PayoutLineStatus] ?? line.status),
  );
  return rows;
}

/** '12.50' -> '-12.50', '0.00' stays. */
function negated(amount: string): string {
  if (/^-/.test(amount)) return amount.slice(1);
  return /^0(\.0+)?$/.test(amount) ? amount : `-${amount}`;
}

export const ADVICE_COLUMNS: readonly SheetColumn<AdviceRow>[] = [
  { header: 'Item', width: 14, value: (row) => row.item },
  { header: 'Order ID', width: 22, value: (row) => row.orderId },
  { header: 'Order Date', width: 12, value: (row) => row.orderDate },
  { header: 'Description', width: 60, value: (row) => row.description },
  {
    header: 'Amount (NGN)',
    width: 16,
    value: (row) => (row.amount === null ? '' : Number(row.amount)),
    numFmt: NAIRA_FORMAT,
  },
];

/**
 * `POST affiliate/payouts/:lineId/advice`: the remittance advice of one of the caller's payouts as Excel,
 * behind a single-use link. Another affiliate's line, or one the page does not list, is 404 (the same answer
 * as a line that does not exist: nothing says whose it is).
 */
export async function payoutAdvice(
  ctx: AppContext,
  exportRunner: ExportRunner,
  session: SessionUser,
  lineIdParam: string,
): Promise<ExcelPathResponse> {
  const affiliateId = payee(session);
  // Not a positive whole number of at most 18 digits: no line has that id.
  if (!PayoutIdParam.safeParse(lineIdParam).success) throw notFound(PayoutMessages.adviceNotFound);
  const lineId = lineIdParam;
  const line = await findAdviceLine(ctx.db, affiliateId, lineId);
  if (!line) throw notFound(PayoutMessages.adviceNotFound);
  const entries = await adviceEntries(ctx.db, lineId);
  const rows = adviceRows(line, entries);
  return exportRunner.run(session.userId, {
    fileName: `remittance-advice-${line.reference ?? `line-${line.line_id}`}.xlsx`,
    sheetName: 'Remittance Advice',
    columns: ADVICE_COLUMNS,
    rows: (async function* () {
      yield* rows;
    })(),
  });
}
