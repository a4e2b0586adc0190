// What the dashboard module offers the rest of the gateway; other modules import only from here.
export { registerDashboardRoutes } from './routes';
