// What the affiliate-area module offers the rest of the gateway; other modules import only from here.
export { registerAffiliateAreaRoutes } from './routes';
