import { z } from 'zod';
import { Messages } from '../messages';
import { requiredText, withoutControlCharacters } from './common';

/** Spec §9: notification country 0 means all countries. */
export const ALL_COUNTRIES_ID = 0;
export const ALL_COUNTRIES_LABEL = 'All Countries';

export const NOTIFICATION_TITLE_MAX_LENGTH = 200;
/** Quill's HTML of a long notice stays far below this; the JSON body limit (100 KB) is the outer bound. */
export const NOTIFICATION_MESSAGE_MAX_LENGTH = 50_000;
/** More than any country list the portal holds; bounds a hostile list before any database work. */
export const NOTIFICATION_MAX_COUNTRIES = 300;
/** Country ids are PostgreSQL integers. */
const COUNTRY_ID_MAX = 2_147_483_647;

/** Messages the spec leaves to us (spec §5 gives the title and message ones). */
export const NotificationMessages = {
  added: 'Notification added successfully.',
  updated: 'Notification updated successfully.',
  notFound: 'Notification not found.',
  invalidId: 'Notification ID must be a positive whole number.',
  titleTooLong: `Title must be at most ${NOTIFICATION_TITLE_MAX_LENGTH} characters.`,
  messageTooLong: `Message must be at most ${NOTIFICATION_MESSAGE_MAX_LENGTH} characters.`,
  allCountriesAlone: 'All Countries must be the only country selected.',
  unknownCountry: 'Please select a valid country.',
  tooManyCountries: `Please select at most ${NOTIFICATION_MAX_COUNTRIES} countries.`,
} as const;

/**
 * The text a reader would see in a message's HTML: tags dropped, the common entities decoded. Used to tell an
 * empty editor ('<p><br></p>') from a message, and for the list's truncated Message column; never to make
 * HTML safe (the gateway's sanitiser does that).
 */
export function notificationPlainText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const countryIdField = z
  .number({ error: NotificationMessages.unknownCountry })
  .int({ error: NotificationMessages.unknownCountry })
  .min(0, { error: NotificationMessages.unknownCountry })
  .max(COUNTRY_ID_MAX, { error: NotificationMessages.unknownCountry });

/**
 * `countryID` when saving: a list of country ids, `[0]` for all countries (then 0 is the only value). A single
 * number is read as a list of one, as the spec's single-valued countryID of the list answer.
 */
export const NotificationCountriesField = z.preprocess(
  (value) => (typeof value === 'number' ? [value] : value),
  z
    .array(countryIdField, { error: Messages.countryRequired })
    .min(1, { error: Messages.countryRequired })
    .max(NOTIFICATION_MAX_COUNTRIES, { error: NotificationMessages.tooManyCountries })
    .refine((ids) => !ids.includes(ALL_COUNTRIES_ID) || ids.every((id) => id === ALL_COUNTRIES_ID), {
      error: NotificationMessages.allCountriesAlone,
    })
    .transform((ids) => [...new Set(ids)]),
);

const notificationIdField = z
  .number({ error: NotificationMessages.invalidId })
  .int({ error: NotificationMessages.invalidId })
  .min(0, { error: NotificationMessages.invalidId })
  .max(Number.MAX_SAFE_INTEGER, { error: NotificationMessages.invalidId });

/** The message: Quill's HTML, required as text a reader would see (an empty editor is '<p><br></p>'). */
export const NotificationMessageField = withoutControlCharacters(
  z
    .string({ error: Messages.messageRequired })
    .max(NOTIFICATION_MESSAGE_MAX_LENGTH, { error: NotificationMessages.messageTooLong }),
).refine((html) => notificationPlainText(html).length > 0, { error: Messages.messageRequired });

/**
 * `POST master/notification` (spec §7): adds, or updates when notificationID is set (0 or null also add).
 * Checked in the form's order: title, message, country.
 */
export const SaveNotificationRequest = z.object({
  title: requiredText(Messages.titleRequired).max(NOTIFICATION_TITLE_MAX_LENGTH, {
    error: NotificationMessages.titleTooLong,
  }),
  messageText: NotificationMessageField,
  countryID: NotificationCountriesField,
  notificationID: notificationIdField.nullable().optional(),
});
export type SaveNotificationRequest = z.input<typeof SaveNotificationRequest>;
export type SaveNotification = z.output<typeof SaveNotificationRequest>;

export const SaveNotificationResponse = z.object({
  message: z.string(),
  notificationID: z.number().int(),
});
export type SaveNotificationResponse = z.infer<typeof SaveNotificationResponse>;

/**
 * One notification (spec §3). countryID is the spec's single value: 0 for all countries, otherwise the first
 * country; countryIDs holds every country it was saved for (the edit form needs them), countryName their
 * names ('All Countries' for 0).
 */
export const NotificationItem = z.object({
  notificationID: z.number().int(),
  title: z.string(),
  messageText: z.string(),
  countryID: z.number().int(),
  countryIDs: z.array(z.number().int()),
  countryName: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationListResponse = z.array(NotificationItem);
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

/** The affiliate dashboard's notice (spec §3): the newest notification for the affiliate's country or all. */
export const Notice = z.object({ title: z.string(), description: z.string() });
export type Notice = z.infer<typeof Notice>;
