// What the health module offers the rest of the gateway; other modules import only from here.
export { registerHealthRoutes } from './routes';
export { closeConnectionsWhileDraining, isDraining, startDraining } from './readiness';
