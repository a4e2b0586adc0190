// What the integration module offers the rest of the gateway; other modules import only from here.
export { registerIntegrationRoutes } from './routes';
export { ingestOrders, ingestRetailers } from './ingest-store';
