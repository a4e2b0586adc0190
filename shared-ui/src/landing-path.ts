import { DashboardPathByRole, buildMenu, menuTargets, roleNameOf } from '@portal/contracts/web';
import type { LoginResponse } from '@portal/contracts/web';

export const RE_KYC_PATH = '/re-kyc';
export const UPDATE_PASSWORD_PATH = '/update-password';
/** Setting up two-step sign-in (issue 29): where an Admin without a second factor is led. */
export const SECOND_FACTOR_SETUP_PATH = '/two-step-setup';
export const LOGIN_PATH = '/login';
export const PAGE_NOT_FOUND_PATH = '/page-not-found';

/**
 * Where Go Home (and any landing) leads: the role's dashboard when the user's menu holds it, otherwise the first
 * entry of its menu (a rejected affiliate holds only Re KYC), and page-not-found when the menu is empty (spec §2).
 */
export function homePathFor(details: Pick<LoginResponse, 'roleID' | 'userRights'>): string {
  const targets = menuTargets(buildMenu(details.userRights));
  const role = roleNameOf(details.roleID);
  const dashboard = role ? DashboardPathByRole[role] : undefined;
  if (dashboard && targets.includes(dashboard)) return dashboard;
  return targets[0] ?? PAGE_NOT_FOUND_PATH;
}

/** Where a user goes after signing in (spec §4 "Login and logout"). */
export function landingPathFor(
  details: Pick<LoginResponse, 'roleID' | 'forcePasswordUpdate' | 'userRights' | 'secondFactorEnrolment'>,
): string {
  if (details.forcePasswordUpdate) return UPDATE_PASSWORD_PATH;
  if (details.secondFactorEnrolment) return SECOND_FACTOR_SETUP_PATH;
  if (roleNameOf(details.roleID) === 'Affiliate' && details.userRights.includes('re-kyc')) return RE_KYC_PATH;
  return homePathFor(details);
}
