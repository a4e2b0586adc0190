export type BadgeSeverity = 'success' | 'warning' | 'danger' | 'info' | 'secondary';

const SEVERITY_BY_STATUS: Record<string, BadgeSeverity> = {
  'kyc complete': 'success',
  'kyc pending': 'warning',
  'kyc rejected': 'danger',
  inactive: 'secondary',
  active: 'success',
  delivered: 'success',
  completed: 'success',
  closed: 'success',
  pending: 'warning',
  processing: 'warning',
  rejected: 'danger',
  // Sign-ins (the login report).
  success: 'success',
  // Payout runs and lines (issue 28): money sent, on its way, or back; set aside grey.
  draft: 'info',
  submitted: 'warning',
  approved: 'info',
  paying: 'warning',
  scheduled: 'warning',
  sending: 'warning',
  paid: 'success',
  failed: 'danger',
  reversed: 'danger',
  excluded: 'secondary',
  cancelled: 'secondary',
  ineligible: 'secondary',
};

/**
 * The one map of a status to its colour, for every screen (StatusBadge): green done, yellow waiting, red
 * rejected, grey inactive (spec §2).
 */
export function statusSeverity(status: string): BadgeSeverity {
  return SEVERITY_BY_STATUS[status.trim().toLowerCase()] ?? 'info';
}
