/** Roles as the login response numbers them (spec §6) and the names stored as userRole. */
export const RoleId = { Admin: 1, Backoffice: 2, Affiliate: 3 } as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];

export const RoleName = { 1: 'Admin', 2: 'Backoffice', 3: 'Affiliate' } as const satisfies Record<
  RoleId,
  string
>;
export type RoleName = (typeof RoleName)[RoleId];

export function roleNameOf(roleID: number): RoleName | undefined {
  return (RoleName as Record<number, RoleName>)[roleID];
}

/** Where each role lands after sign-in and where Go Home leads (spec §2, §4). */
export const DashboardPathByRole: Record<RoleName, string> = {
  Admin: '/admin-dashboard',
  Backoffice: '/backoffice-dashboard',
  Affiliate: '/affiliate-dashboard',
};

export const AffiliateStatus = {
  Complete: 'KYC Complete',
  Pending: 'KYC Pending',
  Rejected: 'KYC Rejected',
  Inactive: 'Inactive',
} as const;
export type AffiliateStatus = (typeof AffiliateStatus)[keyof typeof AffiliateStatus];
export const AFFILIATE_STATUSES: readonly AffiliateStatus[] = Object.values(AffiliateStatus);
