// What the notifications module offers the rest of the gateway; other modules import only from here.
export { registerNotificationRoutes } from './routes';
export { latestNoticeFor } from './notification-store';
export { sanitizeNotificationHtml } from './notification-html';
