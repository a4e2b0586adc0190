// What the registration module offers the rest of the gateway; other modules import only from here.
export { registerRegistrationRoutes } from './routes';
export { startSelfieSweeper } from './selfie-sweep';
export { recomputeDuplicateIdentities } from './duplicate-identities';
// Issue 50: the re-KYC page takes a returned selfie again with the same checks.
export { parseSelfieForm } from './selfie-upload';
export { checkSelfie, imageTypeOf } from './selfie-image';
