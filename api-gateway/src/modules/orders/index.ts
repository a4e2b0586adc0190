// What the orders module offers the rest of the gateway; other modules import only from here.
export { registerOrderRoutes } from './routes';
