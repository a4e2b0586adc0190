// The one list of modules every app shares at runtime (DESIGN §3). Host and remotes must agree on it,
// so it lives here and nowhere else.
const path = require('node:path');

/** Version of a package as installed for an app (pnpm keeps every app's node_modules separate). */
function installedVersion(appDir, name, from = appDir) {
  const manifest = require.resolve(`${name}/package.json`, { paths: [from] });
  return { version: require(manifest).version, dir: path.dirname(manifest) };
}

/**
 * Singletons, loaded once whichever app loads first (`loaded-first`). `requiredVersion` is the caret of
 * the pinned version, so a remote built against 19.2.0 accepts the shell's 19.2.x.
 * PrimeReact is shared per component (`primereact/` subpaths): sharing its root would pull every component,
 * because a shared module is never tree-shaken.
 */
function sharedModules(appDir) {
  const singleton = (name, extra = {}) => {
    const { version } = installedVersion(appDir, extra.packageName ?? name, extra.resolveFrom ?? appDir);
    const { resolveFrom: _ignored, ...rest } = extra;
    return { singleton: true, requiredVersion: `^${version}`, version, ...rest };
  };
  const routerDom = installedVersion(appDir, 'react-router-dom');
  // react-router-dom only re-exports react-router: both names are one module, the facade, so a remote's
  // <Link> sees the shell's Router context whichever name it imports.
  const router = { import: path.join(__dirname, 'facades', 'react-router-dom.mjs') };

  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', { packageName: 'react' }),
    'react/jsx-dev-runtime': singleton('react/jsx-dev-runtime', { packageName: 'react' }),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom/', { packageName: 'react-dom' }),
    'react-router': singleton('react-router', { resolveFrom: routerDom.dir, ...router }),
    'react-router-dom': singleton('react-router-dom', router),
    zustand: singleton('zustand'),
    'zustand/': singleton('zustand/', { packageName: 'zustand' }),
    'react-toastify': singleton('react-toastify'),
    axios: singleton('axios'),
    zod: singleton('zod', { import: path.join(__dirname, 'facades', 'zod.mjs') }),
    // @hookform/resolvers/zod reads zod's core: the same module as `z.core`, not a second copy per remote.
    'zod/v4/core': singleton('zod/v4/core', {
      packageName: 'zod',
      import: path.join(__dirname, 'facades', 'zod-core.mjs'),
    }),
    '@portal/shared-ui': singleton('@portal/shared-ui'),
    '@portal/contracts': singleton('@portal/contracts'),
    // The zod-free part of the contract, all the sign-in page needs (contracts/src/web.ts).
    '@portal/contracts/web': singleton('@portal/contracts/web', { packageName: '@portal/contracts' }),
    // The registration page's part of the contract, without the other screens' schemas: zod-free, what it shows
    // and checks on load (contracts/src/registration-start.ts), and its calls' zod schemas, loaded when a visitor
    // starts typing (contracts/src/registration.ts).
    '@portal/contracts/registration-start': singleton('@portal/contracts/registration-start', {
      packageName: '@portal/contracts',
    }),
    '@portal/contracts/registration': singleton('@portal/contracts/registration', {
      packageName: '@portal/contracts',
    }),
    // The affiliate's Payouts page's part, zod-free (contracts/src/affiliate-payouts.ts): issue 51's Lighthouse
    // target on a budget phone.
    '@portal/contracts/affiliate-payouts': singleton('@portal/contracts/affiliate-payouts', {
      packageName: '@portal/contracts',
    }),
    'primereact/': singleton('primereact/', { packageName: 'primereact' }),
  };
}

/** Where the facades (webpack/facades/) find the real packages, as installed for this app. */
function facadeAliases(appDir) {
  const routerDom = installedVersion(appDir, 'react-router-dom');
  return {
    '@portal-build/react-router': path.join(
      installedVersion(appDir, 'react-router', routerDom.dir).dir,
      'dist',
      'production',
    ),
    '@portal-build/zod': installedVersion(appDir, 'zod').dir,
    // The theme under a name of its own, so that its first pages' part (`?first-pages`) is not a shared module.
    '@portal-build/primereact-theme.css$': path.join(
      installedVersion(appDir, 'primereact').dir,
      'resources',
      'themes',
      'lara-light-blue',
      'theme.css',
    ),
  };
}

module.exports = { sharedModules, facadeAliases, installedVersion };
