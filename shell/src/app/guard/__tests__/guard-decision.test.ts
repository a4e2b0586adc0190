import {
  ADMIN_RIGHTS,
  AFFILIATE_COMPLETE_RIGHTS,
  AFFILIATE_REJECTED_RIGHTS,
  BACKOFFICE_RIGHTS,
} from '@portal/contracts';
import type { Right } from '@portal/contracts';
import { routesWithAccess } from '../../routing/route-table';
import { guardDecision, pathOf } from '../guard-decision';

const allow = { kind: 'allow' };
const toLogin = { kind: 'redirect', to: '/login' };
const notFound = { kind: 'redirect', to: '/page-not-found' };
const user = (rights: readonly Right[]) => ({ userRights: [...rights] });
const guardedPaths = routesWithAccess('guarded').map((route) => `/${route.path}`);

describe('pathOf', () => {
  it('removes the query string and fragment', () => {
    expect(pathOf('/admin/affiliates?status=active')).toBe('/admin/affiliates');
    expect(pathOf('/admin/orders#top')).toBe('/admin/orders');
    expect(pathOf('/admin/users/')).toBe('/admin/users');
    expect(pathOf('/')).toBe('/');
    expect(pathOf('')).toBe('/');
  });
});

describe('guardDecision (spec §2 Guard)', () => {
  it('sends a visitor without stored user details to login, whatever the path', () => {
    for (const path of guardedPaths) expect(guardDecision(null, path)).toEqual(toLogin);
  });

  it('lets a user through to a navigation entry of their menu', () => {
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin-dashboard')).toEqual(allow);
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin/affiliates')).toEqual(allow);
    expect(guardDecision(user(BACKOFFICE_RIGHTS), '/backoffice/reports')).toEqual(allow);
  });

  it('lets a user through to a child of a group entry', () => {
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin/users')).toEqual(allow);
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin/user-add')).toEqual(allow);
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin/commission-upload')).toEqual(allow);
    expect(guardDecision(user(BACKOFFICE_RIGHTS), '/backoffice/users')).toEqual(allow);
  });

  it('compares the path with the query string removed', () => {
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin/affiliates?status=pending')).toEqual(allow);
    expect(guardDecision(user(BACKOFFICE_RIGHTS), '/backoffice/users?status=all')).toEqual(allow);
  });

  it('opens a payout run (issue 28: `?run=` on the Payouts entry) to an admin with the payouts right only', () => {
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin/payouts?run=12')).toEqual(allow);
    expect(guardDecision(user(ADMIN_RIGHTS), '/admin/payouts?page=2')).toEqual(allow);
    expect(guardDecision(user(['dashboard']), '/admin/payouts?run=12')).toEqual(notFound);
    expect(guardDecision(user(BACKOFFICE_RIGHTS), '/admin/payouts')).toEqual(notFound);
    expect(guardDecision(user(AFFILIATE_COMPLETE_RIGHTS), '/admin/payouts?run=12')).toEqual(notFound);
  });

  it('sends a path outside the menu to page-not-found', () => {
    expect(guardDecision(user(BACKOFFICE_RIGHTS), '/admin-dashboard')).toEqual(notFound);
    expect(guardDecision(user(AFFILIATE_COMPLETE_RIGHTS), '/admin/users')).toEqual(notFound);
    expect(guardDecision(user(ADMIN_RIGHTS), '/affiliate/orders')).toEqual(notFound);
  });

  it('does not open a group child without its own right', () => {
    const rights: Right[] = ['dashboard', 'manage_users', 'allusers'];
    expect(guardDecision(user(rights), '/admin/users')).toEqual(allow);
    expect(guardDecision(user(rights), '/admin/user-add')).toEqual(notFound);
  });

  it('does not open children of a group whose right is missing', () => {
    expect(guardDecision(user(['dashboard', 'allusers', 'createusers']), '/admin/users')).toEqual(notFound);
  });

  it('sends a user whose menu is empty to page-not-found', () => {
    for (const path of guardedPaths) expect(guardDecision(user([]), path)).toEqual(notFound);
  });

  it.each([
    ['Admin', ADMIN_RIGHTS],
    ['Backoffice', BACKOFFICE_RIGHTS],
    ['Affiliate (KYC Complete)', AFFILIATE_COMPLETE_RIGHTS],
    ['Affiliate (KYC Rejected)', AFFILIATE_REJECTED_RIGHTS],
  ] as const)('%s reaches exactly the guarded routes of its menu', (_role, rights) => {
    const reachable = guardedPaths.filter((path) => guardDecision(user(rights), path).kind === 'allow');
    const expected: Record<string, string[]> = {
      dashboard: ['/admin-dashboard'],
      allusers: ['/admin/users'],
      manage_users: ['/admin/outbox'],
      createusers: ['/admin/user-add'],
      affiliates: ['/admin/affiliates'],
      orders_management: ['/admin/orders'],
      reports: ['/admin/reports'],
      uploadcommission_master: ['/admin/commission-upload'],
      notifications: ['/notifications'],
      payouts: ['/admin/payouts'],
      backoffice_dashboard: ['/backoffice-dashboard'],
      backoffice_allUsers: ['/backoffice/users'],
      backoffice_reports: ['/backoffice/reports'],
      backoffice_kyc: ['/backoffice/kyc'],
      affiliate_dashboard: ['/affiliate-dashboard'],
      affiliate_orders: ['/affiliate/orders'],
      affiliate_retailers: ['/affiliate/retailers'],
      affiliate_payouts: ['/affiliate/payouts'],
      // Issue 49: one Risk Review page for back office and admins.
      risk_review: ['/backoffice/risk'],
    };
    expect(reachable.sort()).toEqual(rights.flatMap((right) => expected[right] ?? []).sort());
  });
});
