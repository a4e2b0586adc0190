import { renderStandalone } from '../../webpack/standalone/render-standalone';
import routes from './routes';

// The dev session signs in as the demo admin account (DESIGN §4); its pages need a signed-in user.
renderStandalone({
  name: 'mfe-admin',
  routes,
  // The demo admin's development-only authenticator secret (README, Demo accounts).
  account: {
    userName: 'admin@example.com',
    password: 'Admin@12345',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
});
