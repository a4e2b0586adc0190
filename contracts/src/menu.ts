import type { Right } from './rights';

/** One sidebar entry (spec §2 "Sidebar menu"): a link, or a group whose children are links. */
export interface MenuLink {
  kind: 'link';
  right: Right;
  label: string;
  /** PrimeIcons class name. */
  icon: string;
  /** Absolute path, e.g. `/admin/affiliates`. */
  target: string;
}
export interface MenuGroup {
  kind: 'group';
  right: Right;
  label: string;
  icon: string;
  children: { right: Right; label: string; icon: string; target: string }[];
}
export type MenuEntry = MenuLink | MenuGroup;

/** The spec's menu table, in its order. Group children need the group's right and their own, when they have one. */
export const MENU_TABLE: readonly MenuEntry[] = [
  { kind: 'link', right: 'dashboard', label: 'Dashboard', icon: 'pi pi-home', target: '/admin-dashboard' },
  {
    kind: 'link',
    right: 'affiliate_dashboard',
    label: 'Dashboard',
    icon: 'pi pi-home',
    target: '/affiliate-dashboard',
  },
  {
    kind: 'link',
    right: 'backoffice_dashboard',
    label: 'Dashboard',
    icon: 'pi pi-home',
    target: '/backoffice-dashboard',
  },
  {
    kind: 'group',
    right: 'manage_users',
    label: 'Manage Users',
    icon: 'pi pi-users',
    children: [
      { right: 'allusers', label: 'All Users', icon: 'pi pi-list', target: '/admin/users' },
      { right: 'createusers', label: 'Create User', icon: 'pi pi-user-plus', target: '/admin/user-add' },
      // Issue 27, beyond the spec's table: where each message went (admins hold manage_users).
      { right: 'manage_users', label: 'Message Outbox', icon: 'pi pi-envelope', target: '/admin/outbox' },
    ],
  },
  {
    kind: 'link',
    right: 'affiliates',
    label: 'Affiliates',
    icon: 'pi pi-id-card',
    target: '/admin/affiliates',
  },
  {
    kind: 'group',
    right: 'backoffice_allUsers',
    label: 'Manage Users',
    icon: 'pi pi-users',
    children: [
      { right: 'backoffice_allUsers', label: 'All Users', icon: 'pi pi-list', target: '/backoffice/users' },
    ],
  },
  // Issue 50, beyond the spec's table: the KYC queue and the case a reviewer holds (?case=ID).
  {
    kind: 'link',
    right: 'backoffice_kyc',
    label: 'KYC Queue',
    icon: 'pi pi-inbox',
    target: '/backoffice/kyc',
  },
  {
    kind: 'link',
    right: 'backoffice_reports',
    label: 'Report',
    icon: 'pi pi-chart-bar',
    target: '/backoffice/reports',
  },
  {
    kind: 'link',
    right: 'orders_management',
    label: 'Order Management',
    icon: 'pi pi-shopping-cart',
    target: '/admin/orders',
  },
  { kind: 'link', right: 'reports', label: 'Reports', icon: 'pi pi-chart-bar', target: '/admin/reports' },
  {
    kind: 'group',
    right: 'uploadcommission_master',
    label: 'Master Data',
    icon: 'pi pi-database',
    children: [
      {
        right: 'uploadcommission_master',
        label: 'Upload Commission Details',
        icon: 'pi pi-upload',
        target: '/admin/commission-upload',
      },
    ],
  },
  // Issue 28, beyond the spec's table: payout runs.
  { kind: 'link', right: 'payouts', label: 'Payouts', icon: 'pi pi-wallet', target: '/admin/payouts' },
  // Issue 49: the risk review queue, one page for back office and admins (docs/risk.md).
  {
    kind: 'link',
    right: 'risk_review',
    label: 'Risk Review',
    icon: 'pi pi-shield',
    target: '/backoffice/risk',
  },
  {
    kind: 'link',
    right: 'affiliate_orders',
    label: 'Order Management',
    icon: 'pi pi-shopping-cart',
    target: '/affiliate/orders',
  },
  {
    kind: 'link',
    right: 'affiliate_retailers',
    label: 'Retailers',
    icon: 'pi pi-shop',
    target: '/affiliate/retailers',
  },
  // Issue 28: the affiliate's payouts.
  {
    kind: 'link',
    right: 'affiliate_payouts',
    label: 'Payouts',
    icon: 'pi pi-wallet',
    target: '/affiliate/payouts',
  },
  {
    kind: 'link',
    right: 'notifications',
    label: 'Notifications',
    icon: 'pi pi-bell',
    target: '/notifications',
  },
  { kind: 'link', right: 're-kyc', label: 'Re KYC', icon: 'pi pi-refresh', target: '/re-kyc' },
];

/** The menu a user sees: entries whose right is held; a group shows the children whose right is held. */
export function buildMenu(userRights: readonly string[]): MenuEntry[] {
  const held = new Set(userRights);
  const menu: MenuEntry[] = [];
  for (const entry of MENU_TABLE) {
    if (!held.has(entry.right)) continue;
    if (entry.kind === 'link') {
      menu.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => held.has(child.right));
    if (children.length > 0) menu.push({ ...entry, children });
  }
  return menu;
}

/** Every target path of a menu, group children included: what the route guard allows. */
export function menuTargets(menu: readonly MenuEntry[]): string[] {
  return menu.flatMap((entry) =>
    entry.kind === 'link' ? [entry.target] : entry.children.map((c) => c.target),
  );
}
