// What the commission-upload module offers the rest of the gateway; other modules import only from here.
export { registerCommissionUploadRoutes } from './routes';
export { commissionTemplate, mountCommissionTemplate } from './rate-template';
