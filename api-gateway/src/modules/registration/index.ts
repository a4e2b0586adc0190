// What the registration module offers the rest of the gateway; other modules import only from here.
export { registerRegistrationRoutes } from './routes';
export { startSelfieSweeper } from './selfie-sweep';
export { recomputeDuplicateIdentities } from './duplicate-identities';
