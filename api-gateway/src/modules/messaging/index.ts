// What the messaging module offers the rest of the gateway; other modules import only from here.
export { startOutboxWorker } from './delivery-worker';
export { enqueueMessage } from './outbox';
export { registerMessagingRoutes } from './routes';
export { providerStates, recordProviderResult } from './provider-health';
