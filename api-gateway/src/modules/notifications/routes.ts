import { NotificationEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { notificationIdParam, removeNotification, saveNotification } from './notification-handlers';
import { listNotifications } from './notification-store';

export function registerNotificationRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(NotificationEndpoints.list, () => listNotifications(ctx.db));
  api.route(NotificationEndpoints.save, ({ body, session }) => saveNotification(ctx, session, body));
  api.route(NotificationEndpoints.remove, ({ params, session }) =>
    removeNotification(ctx, session, notificationIdParam(params.id)),
  );
}
