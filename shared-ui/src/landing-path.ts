import { RoleId } from '@portal/contracts/web';
import type { LoginResponse } from '@portal/contracts/web';

export const RE_KYC_PATH = '/re-kyc';
export const UPDATE_PASSWORD_PATH = '/update-password';
export const LOGIN_PATH = '/login';
export const PAGE_NOT_FOUND_PATH = '/page-not-found';

/** Where a user goes after signing in (spec §4 "Login and logout"). */
export function landingPathFor(
  details: Pick<LoginResponse, 'roleID' | 'forcePasswordUpdate' | 'userRights'>,
): string {
  if (details.forcePasswordUpdate) return UPDATE_PASSWORD_PATH;
  switch (details.roleID) {
    case RoleId.Admin:
      return '/admin-dashboard';
    case RoleId.Backoffice:
      return '/backoffice-dashboard';
    case RoleId.Affiliate:
      return details.userRights.includes('re-kyc') ? RE_KYC_PATH : '/affiliate-dashboard';
    default:
      return PAGE_NOT_FOUND_PATH;
  }
}
