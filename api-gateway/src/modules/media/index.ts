// What the media module offers the rest of the gateway; other modules import only from here.
export { registerMediaRoutes } from './routes';
