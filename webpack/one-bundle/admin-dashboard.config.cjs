// The federation tax's baseline (bench/bundle-budget.ts): the admin dashboard page with the shell's chrome
// built as one ordinary webpack bundle, no Module Federation. It is the shell's own production configuration
// (same loaders, minimizer, CSS extraction and precompression) with the federation plugins taken out, so the
// two builds differ only by federation.
//   node shell/node_modules/webpack-cli/bin/cli.js -c webpack/one-bundle/admin-dashboard.config.cjs
// (or `node scripts/build-one-bundle.mjs`); output in webpack/one-bundle/dist (ignored by git).
const path = require('node:path');
const { createAppConfig } = require('../create-app-config.cjs');

const shellDir = path.join(__dirname, '..', '..', 'shell');
const adminDir = path.join(__dirname, '..', '..', 'mfe-admin');

module.exports = (env, argv) => {
  const config = createAppConfig({ appDir: shellDir, app: 'shell' })(env, { ...argv, mode: 'production' });
  config.name = 'one-bundle-admin-dashboard';
  config.entry = { main: path.join(__dirname, 'admin-dashboard-entry.tsx') };
  config.output = { ...config.output, path: path.join(__dirname, 'dist'), uniqueName: 'one_bundle' };
  // Packages resolve from the shell, then from mfe-admin (chart.js); pnpm links the same versions, and
  // webpack follows the links to one real path, so each package is bundled once.
  config.resolve.modules = [
    'node_modules',
    path.join(shellDir, 'node_modules'),
    path.join(adminDir, 'node_modules'),
  ];
  config.plugins = config.plugins.filter(
    (plugin) => !/ModuleFederationPlugin|NormalModuleReplacementPlugin/.test(plugin.constructor.name),
  );
  // The shell's tsconfig covers shell/src only; transpiling needs no project membership.
  const tsRule = config.module.rules.find((rule) => String(rule.test) === String(/\.tsx?$/));
  tsRule.use.options.configFile = path.join(__dirname, 'tsconfig.json');
  delete config.devServer;
  return config;
};
