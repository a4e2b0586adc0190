// What the data-rights module (issue 29: My data, erasure, selfie retention) offers the rest of the gateway.
export { registerDataRightsRoutes } from './routes';
export { eraseAffiliate } from './erase-affiliate';
