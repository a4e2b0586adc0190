import { renderStandalone } from '../../webpack/standalone/render-standalone';
import routes from './routes';

// Sign-in, registration and password pages are public: no dev session, they sign in for real.
renderStandalone({ name: 'mfe-auth', routes, account: null });
