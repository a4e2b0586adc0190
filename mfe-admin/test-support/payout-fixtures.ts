import axios, { AxiosError, AxiosHeaders } from 'axios';
import type { PayoutLine, PayoutRun, PayoutRunDetail, PayoutSettings } from '@portal/contracts';

export function payoutRun(overrides: Partial<PayoutRun> = {}): PayoutRun {
  return {
    runId: 12,
    cutoff: '2026-11-20',
    status: 'draft',
    provider: 'bank-file',
    minimumPayout: '1000.00',
    withholdingPercent: '5.00',
    createdBy: 'Ada Admin',
    createdByMe: true,
    createdAt: '2026-11-21T09:00:00.000Z',
    submittedAt: null,
    decidedBy: null,
    decidedAt: null,
    decisionRemark: null,
    executedAt: null,
    providerMessage: null,
    completedAt: null,
    totals: { count: 2, gross: '1234567.80', deductions: '61728.39', net: '1172839.41', fees: null },
    lineCounts: { pending: 2, ineligible: 1 },
    ...overrides,
  };
}

export function payoutLine(lineId: number, overrides: Partial<PayoutLine> = {}): PayoutLine {
  return {
    lineId,
    affiliateCode: `AFF${String(lineId).padStart(4, '0')}`,
    affiliateName: `Affiliate ${lineId}`,
    account: 'GTBank ****1234',
    accountName: `AFFILIATE ${lineId}`,
    accountVerified: true,
    gross: '1000.00',
    deductions: '50.00',
    net: '950.00',
    status: 'pending',
    reason: null,
    underRiskReview: false,
    reference: `po-12-${lineId}`,
    paidAt: null,
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

export const SETTINGS: PayoutSettings = {
  minimumPayout: '1000.00',
  withholdingPercent: '5.00',
  provider: 'bank-file',
  updatedAt: '2026-11-01T09:00:00.000Z',
  updatedBy: 'Ada Admin',
};

export function detail(run: PayoutRun, lines: PayoutLine[]): PayoutRunDetail {
  return { run, lines: { results: lines, totalCount: lines.length, pageNo: 1, pageSize: 25 } };
}

/** A refusal as axios rejects it: the screens read its status and `message`. */
export function refusal(status: number, message: string): AxiosError {
  const error = new AxiosError(message, String(status), undefined, undefined, {
    status,
    statusText: '',
    data: { message },
    headers: {},
    config: { headers: new AxiosHeaders() },
  });
  if (!axios.isAxiosError(error)) throw new Error('not an axios error');
  return error;
}
