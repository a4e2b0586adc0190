import { AffiliateStatus, RoleId } from './roles';

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
] as const;
export type Right = (typeof RIGHTS)[number];

/** Rights per role: ours, the spec leaves the assignment open (DESIGN §4). */
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
];
export const BACKOFFICE_RIGHTS: readonly Right[] = ['backoffice_dashboard', 'backoffice_allUsers', 'backoffice_reports'];
export const AFFILIATE_COMPLETE_RIGHTS: readonly Right[] = ['affiliate_dashboard', 'affiliate_orders', 'affiliate_retailers'];
export const AFFILIATE_REJECTED_RIGHTS: readonly Right[] = ['re-kyc'];

/**
 * The rights a user holds at sign-in. Affiliates hold rights by KYC state; a pending or inactive
 * affiliate holds none (and is refused sign-in).
 */
export function rightsFor(roleID: number, affiliateStatus?: AffiliateStatus | null): readonly Right[] {
  if (roleID === RoleId.Admin) return ADMIN_RIGHTS;
  if (roleID === RoleId.Backoffice) return BACKOFFICE_RIGHTS;
  if (roleID === RoleId.Affiliate) {
    if (affiliateStatus === AffiliateStatus.Complete) return AFFILIATE_COMPLETE_RIGHTS;
    if (affiliateStatus === AffiliateStatus.Rejected) return AFFILIATE_REJECTED_RIGHTS;
  }
  return [];
}
