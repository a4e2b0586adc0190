import { renderStandalone } from '../../webpack/standalone/render-standalone';
import routes from './routes';

// The dev session signs in as the demo back-office account (DESIGN §4); its pages need a signed-in user.
renderStandalone({
  name: 'mfe-backoffice',
  routes,
  account: { userName: 'backoffice@example.com', password: 'Backoffice@12345' },
});
