import { ErrorResponse, MessageResponse } from '../api/common';
import {
  NotificationListResponse,
  SaveNotificationRequest,
  SaveNotificationResponse,
} from '../api/notifications';
import { defineEndpoint } from '../endpoint';

const TAG = 'Notifications';
const NOTIFICATION_RIGHTS = { anyRight: ['notifications'] } as const;
const notFound = { 404: { description: 'No such notification (or it was deleted)', schema: ErrorResponse } };

export const NotificationEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/master/notification',
    tag: TAG,
    summary:
      "Every notification, newest first: countryID 0 (all countries) or its first country, countryIDs, and countryName ('All Countries' or the names).",
    auth: NOTIFICATION_RIGHTS,
    answer: { description: 'The notifications', schema: NotificationListResponse },
  }),
  save: defineEndpoint({
    method: 'post',
    path: '/master/notification',
    tag: TAG,
    summary:
      "Adds a notification, or updates it when notificationID is set. countryID is a list ([0]: all countries, then the only value). The HTML is sanitised to the editor's toolbar. 'Please provide title.', 'Please provide message.', 'Please select country.'",
    auth: NOTIFICATION_RIGHTS,
    body: SaveNotificationRequest,
    answer: {
      description: "'Notification added successfully.' or 'Notification updated successfully.'",
      schema: SaveNotificationResponse,
    },
    otherAnswers: notFound,
  }),
  remove: defineEndpoint({
    method: 'post',
    path: '/master/notification/delete/:id',
    tag: TAG,
    summary: "Deletes a notification: 'Notification deleted successfully'.",
    auth: NOTIFICATION_RIGHTS,
    answer: { description: "'Notification deleted successfully'", schema: MessageResponse },
    otherAnswers: {
      ...notFound,
      400: { description: 'The id is not a positive whole number', schema: ErrorResponse },
    },
  }),
};
