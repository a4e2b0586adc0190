import { MasterEndpoints, NotificationEndpoints } from '@portal/contracts';
import type {
  CountryOption,
  MessageResponse,
  NotificationItem,
  SaveNotificationRequest,
  SaveNotificationResponse,
} from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

export function fetchNotifications(signal?: AbortSignal): Promise<NotificationItem[]> {
  return callEndpoint(NotificationEndpoints.list, {}, { signal });
}

/** Adds, or updates when notificationID is set. */
export function saveNotification(body: SaveNotificationRequest): Promise<SaveNotificationResponse> {
  return callEndpoint(NotificationEndpoints.save, { body });
}

export function deleteNotification(notificationID: number): Promise<MessageResponse> {
  return callEndpoint(NotificationEndpoints.remove, { params: { id: String(notificationID) } });
}

/** The countries of the multi-select, in the portal's order (Nigeria first). */
export async function fetchCountries(signal?: AbortSignal): Promise<CountryOption[]> {
  return (await callEndpoint(MasterEndpoints.registerOptions, {}, { signal })).countries;
}
