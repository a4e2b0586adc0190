// What the web-config module offers the rest of the gateway; other modules import only from here.
export { defaultRemoteEntry, externalRemoteOrigins, remoteEntries, remoteFolder } from './remote-entries';
export { registerWebConfigRoutes } from './routes';
