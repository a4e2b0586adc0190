import { Messages, NotificationMessages } from '@portal/contracts';
import type { MessageResponse, SaveNotification, SaveNotificationResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import type { SessionUser } from '../../http/session';
import { notificationPlainText } from '@portal/contracts';
import { sanitizeNotificationHtml } from './notification-html';
import {
  deleteNotification,
  insertNotification,
  unknownCountryIds,
  updateNotification,
} from './notification-store';

/** A path id: digits only, 1 or more; anything else is a 400 in the product's words. */
export function notificationIdParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw badRequest(NotificationMessages.invalidId);
  return Number(raw);
}

/** Adds, or updates when notificationID is set; the HTML is sanitised before anything is written. */
export async function saveNotification(
  ctx: AppContext,
  session: SessionUser,
  body: SaveNotification,
): Promise<SaveNotificationResponse> {
  const messageText = sanitizeNotificationHtml(body.messageText);
  // A message of nothing but what the sanitiser drops (a script, an image) is no message.
  if (!notificationPlainText(messageText)) {
    throw badRequest(Messages.messageRequired, { messageText: Messages.messageRequired });
  }
  if ((await unknownCountryIds(ctx.db, body.countryID)).length > 0) {
    throw badRequest(NotificationMessages.unknownCountry, { countryID: NotificationMessages.unknownCountry });
  }
  const write = {
    title: body.title,
    messageText,
    countryIds: body.countryID,
    actorUserId: session.userId,
    at: ctx.now(),
  };
  const id = body.notificationID || undefined;
  // Each change and its audit row commit together: what every affiliate reads on the dashboard has a record of
  // who wrote it and when.
  return ctx.db.transaction(async (tx) => {
    const audit = (action: string, notificationId: number) =>
      recordAudit(tx, {
        actorUserId: session.userId,
        action,
        entityType: 'notification',
        entityId: notificationId,
        remark: body.title,
        details: { countryIds: [...new Set(body.countryID)] },
        at: write.at,
      });
    if (id === undefined) {
      const notificationID = await insertNotification(tx, write);
      await audit('notification.create', notificationID);
      return { message: NotificationMessages.added, notificationID };
    }
    if (!(await updateNotification(tx, id, write))) throw notFound(NotificationMessages.notFound);
    await audit('notification.update', id);
    return { message: NotificationMessages.updated, notificationID: id };
  });
}

export async function removeNotification(
  ctx: AppContext,
  session: SessionUser,
  id: number,
): Promise<MessageResponse> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const title = await deleteNotification(tx, id, at);
    if (title === null) throw notFound(NotificationMessages.notFound);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'notification.delete',
      entityType: 'notification',
      entityId: id,
      remark: title,
      at,
    });
    return { message: Messages.notificationDeleted };
  });
}
