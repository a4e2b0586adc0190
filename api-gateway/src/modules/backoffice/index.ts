// What the backoffice module offers the rest of the gateway; other modules import only from here.
export { containsPattern, filterClause } from './affiliate-queries';
export type { AffiliateFilter } from './affiliate-queries';
export { registerBackofficeRoutes } from './routes';
