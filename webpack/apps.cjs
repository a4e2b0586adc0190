// Every front-end app of the portal: its Module Federation name, where the gateway serves it (`/` for the
// shell, `/remotes/<short>/` for a remote) and its dev-server port. contracts/src/api/web-config.ts holds
// the same remotes for TypeScript; a gateway test checks that the two agree.

/** Dev servers listen on consecutive ports from here (shell first); DEV_BASE_PORT moves them all. */
const DEV_BASE_PORT = Number(process.env.DEV_BASE_PORT ?? 3000);

const APPS = {
  shell: {
    kind: 'host',
    federationName: 'shell',
    short: '',
    devPort: DEV_BASE_PORT,
    title: 'Affiliate Portal',
  },
  'mfe-auth': {
    kind: 'remote',
    federationName: 'mfe_auth',
    short: 'auth',
    devPort: DEV_BASE_PORT + 1,
    title: 'Affiliate Portal: sign-in',
  },
  'mfe-admin': {
    kind: 'remote',
    federationName: 'mfe_admin',
    short: 'admin',
    devPort: DEV_BASE_PORT + 2,
    title: 'Affiliate Portal: admin',
  },
  'mfe-backoffice': {
    kind: 'remote',
    federationName: 'mfe_backoffice',
    short: 'backoffice',
    devPort: DEV_BASE_PORT + 3,
    title: 'Affiliate Portal: back office',
  },
  'mfe-affiliate': {
    kind: 'remote',
    federationName: 'mfe_affiliate',
    short: 'affiliate',
    devPort: DEV_BASE_PORT + 4,
    title: 'Affiliate Portal: affiliate',
  },
};

/** Where `pnpm dev` runs the gateway (PORT, default 8080); the dev servers proxy /api to it. */
const DEV_GATEWAY_URL = process.env.GATEWAY_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;

/** REMOTES for a gateway whose shell loads the remotes from their dev servers (`pnpm dev`). */
function devRemotes() {
  const entries = Object.values(APPS)
    .filter((app) => app.kind === 'remote')
    .map((app) => [app.federationName, `http://localhost:${app.devPort}/mf-manifest.json`]);
  return JSON.stringify(Object.fromEntries(entries));
}

/** Folder of an app inside the deploy root the gateway serves (WEB_ROOT, default dist-web/). */
function deployFolder(app) {
  const spec = APPS[app];
  return spec.kind === 'host' ? 'shell' : `remotes/${spec.short}`;
}

module.exports = { APPS, DEV_GATEWAY_URL, deployFolder, devRemotes };
