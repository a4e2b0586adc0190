const { createAppConfig } = require('../webpack/create-app-config.cjs');

module.exports = createAppConfig({ appDir: __dirname, app: 'mfe-admin' });
