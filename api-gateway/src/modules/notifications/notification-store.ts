import { ALL_COUNTRIES_ID, ALL_COUNTRIES_LABEL } from '@portal/contracts';
import type { NotificationItem, Notice } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { sanitizeNotificationHtml } from './notification-html';

type NotificationRow = Pick<NotificationItem, 'notificationID' | 'title' | 'messageText'> & {
  countryIDs: number[];
  countryNames: string[];
};

function toItem(row: NotificationRow): NotificationItem {
  const { countryIDs, countryNames, ...notification } = row;
  const all = countryIDs.includes(ALL_COUNTRIES_ID);
  return {
    ...notification,
    countryID: all ? ALL_COUNTRIES_ID : (countryIDs[0] ?? ALL_COUNTRIES_ID),
    countryIDs: all ? [ALL_COUNTRIES_ID] : countryIDs,
    countryName: all ? ALL_COUNTRIES_LABEL : countryNames.join(', '),
  };
}

/** Every notification not deleted, newest first, with its countries in the order of the countries list. */
export async function listNotifications(sql: Sql): Promise<NotificationItem[]> {
  const { rows } = await sql.query<NotificationRow>(
    `SELECT n.notification_id AS "notificationID", n.title, n.message_text AS "messageText",
            array(SELECT nc.country_id FROM notification_countries nc
                    LEFT JOIN countries c ON c.country_id = nc.country_id
                   WHERE nc.notification_id = n.notification_id
                   ORDER BY c.sort_order NULLS FIRST, c.country_name) AS "countryIDs",
            array(SELECT c.country_name FROM notification_countries nc
                    JOIN countries c ON c.country_id = nc.country_id
                   WHERE nc.notification_id = n.notification_id
                   ORDER BY c.sort_order, c.country_name) AS "countryNames"
       FROM notifications n
      WHERE n.deleted_at IS NULL
      ORDER BY n.created_at DESC, n.notification_id DESC`,
  );
  return rows.map(toItem);
}

/** The ids among `ids` that are not countries (0, all countries, is always known). */
export async function unknownCountryIds(sql: Sql, ids: readonly number[]): Promise<number[]> {
  const wanted = ids.filter((id) => id !== ALL_COUNTRIES_ID);
  if (wanted.length === 0) return [];
  const { rows } = await sql.query<{ country_id: number }>(
    'SELECT country_id FROM countries WHERE country_id = ANY($1::int[])',
    [wanted],
  );
  const known = new Set(rows.map((row) => Number(row.country_id)));
  return wanted.filter((id) => !known.has(id));
}

export interface NotificationWrite {
  title: string;
  messageText: string;
  countryIds: readonly number[];
  actorUserId: number;
  at: Date;
}

export async function insertNotification(sql: Sql, write: NotificationWrite): Promise<number> {
  const { rows } = await sql.query<{ notification_id: string | number }>(
    `INSERT INTO notifications (title, message_text, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4) RETURNING notification_id`,
    [write.title, write.messageText, write.actorUserId, write.at],
  );
  const id = Number(rows[0].notification_id);
  await setCountries(sql, id, write.countryIds);
  return id;
}

/** false when there is no such notification (or it was deleted). */
export async function updateNotification(sql: Sql, id: number, write: NotificationWrite): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE notifications SET title = $2, message_text = $3, updated_at = $4
      WHERE notification_id = $1 AND deleted_at IS NULL`,
    [id, write.title, write.messageText, write.at],
  );
  if (rowCount === 0) return false;
  await sql.query('DELETE FROM notification_countries WHERE notification_id = $1', [id]);
  await setCountries(sql, id, write.countryIds);
  return true;
}

async function setCountries(sql: Sql, id: number, countryIds: readonly number[]): Promise<void> {
  await sql.query(
    `INSERT INTO notification_countries (notification_id, country_id)
     SELECT $1, unnest($2::int[])`,
    [id, countryIds],
  );
}

/** Soft delete: the row stays for the record. The deleted notice's title, or null when there is none to delete. */
export async function deleteNotification(sql: Sql, id: number, at: Date): Promise<string | null> {
  const { rows } = await sql.query<{ title: string }>(
    'UPDATE notifications SET deleted_at = $2 WHERE notification_id = $1 AND deleted_at IS NULL RETURNING title',
    [id, at],
  );
  return rows[0]?.title ?? null;
}

/**
 * The affiliate dashboard's notice (DESIGN §5): the newest notification (by when it was added) for the
 * country or for all countries, its HTML sanitised again for display; null when there is none.
 */
export async function latestNoticeFor(sql: Sql, countryId: number): Promise<Notice | null> {
  const { rows } = await sql.query<{ title: string; message_text: string }>(
    `SELECT n.title, n.message_text FROM notifications n
      WHERE n.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM notification_countries nc
                     WHERE nc.notification_id = n.notification_id AND nc.country_id IN ($1, $2))
      ORDER BY n.created_at DESC, n.notification_id DESC LIMIT 1`,
    [ALL_COUNTRIES_ID, countryId],
  );
  const latest = rows[0];
  return latest ? { title: latest.title, description: sanitizeNotificationHtml(latest.message_text) } : null;
}
