import { RoleId, allowedAffiliateActions } from '@portal/contracts';
import type { AffiliateAction, AffiliateStatus } from '@portal/contracts';

/** Admin mode comes from route data (spec §6): admin/affiliates is flagged as admin, backoffice/users is not. */
export type AffiliateListMode = 'admin' | 'backoffice';

export type ModalAction = Exclude<AffiliateAction, 'inactivate'>;

export const MODAL_ACTION_LABELS: Record<ModalAction, string> = {
  reject: 'Reject',
  approve: 'Approve',
  activate: 'Active',
};

const ORDER: readonly ModalAction[] = ['reject', 'approve', 'activate'];

export function roleOfMode(mode: AffiliateListMode): RoleId {
  return mode === 'admin' ? RoleId.Admin : RoleId.Backoffice;
}

/**
 * The view modal's buttons (spec §4): Reject when KYC Pending; Approve when KYC Pending or KYC Rejected;
 * Active when admin and Inactive; Reject when admin and KYC Complete. When the server says what the
 * caller may do, a button it would refuse is not offered.
 */
export function modalActions(
  mode: AffiliateListMode,
  status: AffiliateStatus,
  serverAllowed?: readonly AffiliateAction[],
): ModalAction[] {
  const allowed = new Set(allowedAffiliateActions(roleOfMode(mode), status));
  return ORDER.filter((action) => allowed.has(action) && (!serverAllowed || serverAllowed.includes(action)));
}

/** The list's Delete (make inactive) applies to every status but Inactive, for both modes. */
export function canInactivate(mode: AffiliateListMode, status: AffiliateStatus): boolean {
  return allowedAffiliateActions(roleOfMode(mode), status).includes('inactivate');
}
