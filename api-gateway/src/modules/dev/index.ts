// What the dev module offers the rest of the gateway; other modules import only from here.
export { registerDevRoutes } from './routes';
