import { buildMenu, menuTargets } from '@portal/contracts/web';
import type { LoginResponse } from '@portal/contracts/web';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: '/login' | '/page-not-found' };

/** The path a URL names: query string and fragment removed, no trailing slash (except the root). */
export function pathOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * Spec §2 "Guard": no stored user details → login; otherwise the path must be a navigation entry, or a
 * child of a group entry, of the user's menu; if not (an empty menu included) → page-not-found.
 */
export function guardDecision(
  userDetails: Pick<LoginResponse, 'userRights'> | null,
  url: string,
): GuardDecision {
  if (!userDetails) return { kind: 'redirect', to: '/login' };
  const allowed = menuTargets(buildMenu(userDetails.userRights));
  return allowed.includes(pathOf(url)) ? { kind: 'allow' } : { kind: 'redirect', to: '/page-not-found' };
}
