// What the master module offers the rest of the gateway; other modules import only from here.
export { registerMasterRoutes } from './routes';
