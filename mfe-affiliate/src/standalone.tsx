import { renderStandalone } from '../../webpack/standalone/render-standalone';
import routes from './routes';

// The dev session signs in as the demo affiliate (KYC Complete) account (DESIGN §4); its pages need a signed-in user.
renderStandalone({
  name: 'mfe-affiliate',
  routes,
  account: { userName: 'affiliate@example.com', password: 'Affiliate@12345' },
});
