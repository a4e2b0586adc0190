// The zod-free twin of the affiliate's Payouts answer (issue 51): the page agents open on budget phones loads
// neither zod nor the rest of the contract. A test feeds it and the zod schema the same answers and expects the
// same result.
import type {
  AffiliateLedgerOrder,
  AffiliatePayout,
  AffiliatePayoutCards,
  AffiliatePayoutExplanation,
  AffiliatePayoutsResponse,
} from './payouts';
import type { ExcelPathResponse } from './reports';
import { PAYOUT_EXPLANATION_KINDS, PAYOUT_LINE_STATUSES } from './payout-statuses';
import { answerCheck } from './plain-parsers';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);
const isMoney = (value: unknown): value is string =>
  typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

function parseCards(value: unknown): AffiliatePayoutCards | undefined {
  if (!isRecord(value)) return undefined;
  const { pending, nextAvailableAt, available, inPayout, paidThisYear, heldForReview } = value;
  if (
    !isMoney(pending) ||
    !isTextOrNull(nextAvailableAt) ||
    !isMoney(available) ||
    !isMoney(inPayout) ||
    !isMoney(paidThisYear) ||
    typeof heldForReview !== 'boolean'
  )
    return undefined;
  return { pending, nextAvailableAt, available, inPayout, paidThisYear, heldForReview };
}

function parsePayout(value: unknown): AffiliatePayout | undefined {
  if (!isRecord(value)) return undefined;
  const { lineId, date, gross, deductions, net, account, status, reason } = value;
  if (
    !isInteger(lineId) ||
    !isText(date) ||
    !isMoney(gross) ||
    !isMoney(deductions) ||
    !isMoney(net) ||
    !isTextOrNull(account) ||
    !isOneOf(PAYOUT_LINE_STATUSES, status) ||
    !isTextOrNull(reason)
  )
    return undefined;
  return { lineId, date, gross, deductions, net, account, status, reason };
}

function parseExplanation(value: unknown): AffiliatePayoutExplanation | undefined {
  if (!isRecord(value)) return undefined;
  const { entryId, kind, amount, reason, createdAt, availableAt, held } = value;
  if (
    !isInteger(entryId) ||
    !isOneOf(PAYOUT_EXPLANATION_KINDS, kind) ||
    !isMoney(amount) ||
    !isText(reason) ||
    !isText(createdAt) ||
    !isTextOrNull(availableAt) ||
    typeof held !== 'boolean'
  )
    return undefined;
  return { entryId, kind, amount, reason, createdAt, availableAt, held };
}

/** Every item parsed, or undefined when one fails or the value is not a list. */
function parseAll<T>(values: unknown, parse: (value: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const parsed: T[] = [];
  for (const value of values) {
    const item = parse(value);
    if (item === undefined) return undefined;
    parsed.push(item);
  }
  return parsed;
}

function parseLedgerOrder(value: unknown): AffiliateLedgerOrder | undefined {
  if (!isRecord(value)) return undefined;
  const { orderCode, net } = value;
  const entries = parseAll(value.entries, parseExplanation);
  return isText(orderCode) && isMoney(net) && entries ? { orderCode, net, entries } : undefined;
}

function parsePage<T>(
  value: unknown,
  parse: (value: unknown) => T | undefined,
): { results: T[]; totalCount: number; pageNo: number; pageSize: number } | undefined {
  if (!isRecord(value)) return undefined;
  const { totalCount, pageNo, pageSize } = value;
  const results = parseAll(value.results, parse);
  if (!results || !isInteger(totalCount) || !isInteger(pageNo) || !isInteger(pageSize)) return undefined;
  return { results, totalCount, pageNo, pageSize };
}

/** What `AffiliatePayoutsResponse.safeParse` accepts, with unknown keys dropped as zod drops them; else undefined. */
export function parseAffiliatePayoutsResponse(value: unknown): AffiliatePayoutsResponse | undefined {
  if (!isRecord(value)) return undefined;
  const cards = parseCards(value.cards);
  const payouts = parsePage(value.payouts, parsePayout);
  const explanations = parsePage(value.explanations, parseLedgerOrder);
  return cards && payouts && explanations ? { cards, payouts, explanations } : undefined;
}

/** What `ExcelPathResponse.safeParse` accepts; else undefined. */
export function parseExcelPathResponse(value: unknown): ExcelPathResponse | undefined {
  return isRecord(value) && typeof value.excelPath === 'string' ? { excelPath: value.excelPath } : undefined;
}

export const AffiliatePayoutsResponseCheck = answerCheck(
  'AffiliatePayoutsResponse',
  parseAffiliatePayoutsResponse,
);
export const ExcelPathResponseCheck = answerCheck('ExcelPathResponse', parseExcelPathResponse);
