/** Every right key the product knows (spec §6). */
export const RIGHTS = [
  'dashboard',
  'affiliate_dashboard',
  'backoffice_dashboard',
  'manage_users',
  'allusers',
  'createusers',
  'affiliates',
  'backoffice_allUsers',
  'backoffice_reports',
  'orders_management',
  'reports',
  'uploadcommission_master',
  'affiliate_orders',
  'affiliate_retailers',
  'notifications',
  're-kyc',
  // Issue 28: payout runs (admin) and the affiliate's Payouts page.
  'payouts',
  'affiliate_payouts',
  // Issue 50: the KYC queue (back office works it, admins also reassign its cases).
  'backoffice_kyc',
  // Issue 49: the risk review queue (back office and admins) and its thresholds (admins).
  'risk_review',
  'risk_settings',
] as const;
export type Right = (typeof RIGHTS)[number];

/**
 * Rights per role: ours, the spec leaves the assignment open (DESIGN §4). The gateway reads them from the
 * role_rights table (migration 002); these lists are what screens and tests expect of it, and the login tests
 * check that the two agree.
 */
export const ADMIN_RIGHTS: readonly Right[] = [
  'dashboard',
  'manage_users',
  'allusers',
  'createusers',
  'affiliates',
  'orders_management',
  'reports',
  'uploadcommission_master',
  'notifications',
  'payouts',
  'backoffice_kyc',
  'risk_review',
  'risk_settings',
];
export const BACKOFFICE_RIGHTS: readonly Right[] = [
  'backoffice_dashboard',
  'backoffice_allUsers',
  'backoffice_reports',
  'backoffice_kyc',
  'risk_review',
];
export const AFFILIATE_COMPLETE_RIGHTS: readonly Right[] = [
  'affiliate_dashboard',
  'affiliate_orders',
  'affiliate_retailers',
  'affiliate_payouts',
];
export const AFFILIATE_REJECTED_RIGHTS: readonly Right[] = ['re-kyc'];
