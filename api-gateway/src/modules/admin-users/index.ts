// What the admin-users module offers the rest of the gateway; other modules import only from here.
export { registerAdminUserRoutes } from './routes';
