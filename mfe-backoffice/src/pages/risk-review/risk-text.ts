import { RISK_CASE_KIND_LABELS, RISK_SEVERITY_LABELS, type RiskCaseKind } from '@portal/contracts';

export const kindLabel = (kind: RiskCaseKind) => RISK_CASE_KIND_LABELS[kind];
export const severityLabel = (severity: number) =>
  RISK_SEVERITY_LABELS[Math.min(3, Math.max(1, severity)) as 1 | 2 | 3];

/** How long a case has been open: '3 days', 'today'. */
export function ageOf(openedAt: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(openedAt).getTime()) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}

const ACTION_LABELS: Record<string, string> = {
  'risk.case_opened': 'Opened by the signals',
  'risk.case_noted': 'Note',
  'risk.case_dismissed': 'Dismissed',
  'risk.case_confirmed': 'Confirmed',
  'affiliate.inactivate': 'Affiliate deactivated',
};
export const historyLabel = (action: string) => ACTION_LABELS[action] ?? action;

const MATCH_LABELS: Record<string, string> = {
  ownMobile: "Contact mobile is the affiliate's own",
  ownName: "Contact name is the affiliate's own",
  otherAffiliateMobile: "Contact mobile is another affiliate's",
  ownerChanged: 'Orders credited to another affiliate',
  sameContact: 'Same shop contact under another affiliate',
};
export const matchLabel = (matched: unknown) => MATCH_LABELS[String(matched)] ?? String(matched ?? '');

/** The toast after a confirmation: what it withdrew through the ledger, and the deactivation. */
export function confirmedText(answer: {
  message: string;
  withdrawnOrders: number;
  withdrawnAmount: string;
  deactivated: boolean;
}): string {
  const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(
    Number(answer.withdrawnAmount),
  );
  const withdrawn =
    answer.withdrawnOrders === 0
      ? ' No order commission to withdraw.'
      : ` ${naira} of commission withdrawn from ${answer.withdrawnOrders} order${answer.withdrawnOrders === 1 ? '' : 's'}.`;
  return `${answer.message}${withdrawn}${answer.deactivated ? ' Affiliate deactivated.' : ''}`;
}
