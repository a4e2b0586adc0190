const { createAppConfig } = require('../webpack/create-app-config.cjs');
const { FirstPaintPlugin } = require('./webpack/first-paint-plugin.cjs');

const appConfig = createAppConfig({ appDir: __dirname, app: 'mfe-auth' });

// The production build also writes the first paint of /login and /register (see the plugin).
module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  if (config.mode === 'production') config.plugins.push(new FirstPaintPlugin());
  return config;
};
