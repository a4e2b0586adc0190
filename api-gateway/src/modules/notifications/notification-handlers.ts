import { Messages, NotificationMessages } from '@portal/contracts';
import type { MessageResponse, SaveNotification, SaveNotificationResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
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
  return ctx.db.transaction(async (tx) => {
    if (id === undefined) {
      return { message: NotificationMessages.added, notificationID: await insertNotification(tx, write) };
    }
    if (!(await updateNotification(tx, id, write))) throw notFound(NotificationMessages.notFound);
    return { message: NotificationMessages.updated, notificationID: id };
  });
}

export async function removeNotification(ctx: AppContext, id: number): Promise<MessageResponse> {
  if (!(await deleteNotification(ctx.db, id, ctx.now()))) throw notFound(NotificationMessages.notFound);
  return { message: Messages.notificationDeleted };
}
