// What the auth module offers the rest of the gateway; other modules import only from here.
export { registerAuthRoutes } from './routes';
export { resetSecondFactor } from './second-factor';
