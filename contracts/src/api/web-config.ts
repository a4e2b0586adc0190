/**
 * The remotes of the portal (DESIGN §3): Module Federation name and the folder the gateway serves each from
 * (`/remotes/<folder>/`). webpack/apps.cjs describes the same apps for the builds; the answer of
 * GET /api/config/remotes is `RemotesResponse` (api/master.ts).
 */
export const PORTAL_REMOTES = [
  { name: 'mfe_auth', packageName: 'mfe-auth', folder: 'auth' },
  { name: 'mfe_admin', packageName: 'mfe-admin', folder: 'admin' },
  { name: 'mfe_backoffice', packageName: 'mfe-backoffice', folder: 'backoffice' },
  { name: 'mfe_affiliate', packageName: 'mfe-affiliate', folder: 'affiliate' },
] as const;
export type PortalRemoteName = (typeof PORTAL_REMOTES)[number]['name'];

export function isPortalRemoteName(name: string): name is PortalRemoteName {
  return PORTAL_REMOTES.some((remote) => remote.name === name);
}
