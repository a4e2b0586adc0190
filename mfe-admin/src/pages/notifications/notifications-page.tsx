import { Suspense, lazy, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';
import { ALL_COUNTRIES_LABEL, Messages } from '@portal/contracts';
import type { NotificationItem } from '@portal/contracts';
import {
  ConfirmDialog,
  DataTable,
  ListScreen,
  LoadingSpinner,
  serialColumn,
  useConfirmedAction,
  useLoad,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { messagePreview } from './message-preview';
import { deleteNotification, fetchCountries, fetchNotifications } from './notifications-api';
import styles from './notifications-page.module.css';

// The dialog (and Quill with it) loads only when Add or Edit is pressed.
const NotificationDialog = lazy(() => import('./notification-dialog'));

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; notification: NotificationItem };

/** notifications: the list of spec §2 with Add Notification, edit, and delete with a confirmation. */
export default function NotificationsPage() {
  const list = useLoad((signal) => fetchNotifications(signal), []);
  const countries = useLoad((signal) => fetchCountries(signal), []);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const { reload } = list;

  const deletion = useConfirmedAction(
    (notice: NotificationItem) => deleteNotification(notice.notificationID),
    Messages.notificationDeleted,
    reload,
  );
  const { ask: askToDelete } = deletion;

  const columns = useMemo<DataColumn<NotificationItem>[]>(
    () => [
      serialColumn<NotificationItem>(1),
      { key: 'title', header: 'Title', render: (n) => n.title },
      {
        key: 'message',
        header: 'Message',
        render: (n) => {
          const preview = messagePreview(n.messageText);
          if (!preview.truncated) return preview.full;
          return (
            <span
              className={`${styles.message} notification-message`}
              tabIndex={0}
              data-pr-tooltip={preview.full}
            >
              <span aria-hidden="true">{preview.shown}</span>
              <span className={styles.visuallyHidden}>{preview.full}</span>
            </span>
          );
        },
      },
      {
        key: 'country',
        header: 'Country',
        render: (n) => (n.countryID === 0 ? ALL_COUNTRIES_LABEL : n.countryName),
      },
      {
        key: 'actions',
        header: 'Actions',
        actions: true,
        render: (n) => (
          <div className={styles.rowActions}>
            <Button
              type="button"
              icon="pi pi-pencil"
              rounded
              text
              aria-label={`Edit ${n.title}`}
              title="Edit"
              disabled={countries.state !== 'ready'}
              onClick={() => setDialog({ mode: 'edit', notification: n })}
            />
            <Button
              type="button"
              icon="pi pi-trash"
              rounded
              text
              severity="danger"
              aria-label={`Delete ${n.title}`}
              title="Delete"
              onClick={() => askToDelete(n)}
            />
          </div>
        ),
      },
    ],
    [countries.state, askToDelete],
  );

  return (
    <ListScreen
      title="Notifications"
      actions={
        <Button
          type="button"
          label="Add Notification"
          icon="pi pi-plus"
          disabled={countries.state !== 'ready'}
          onClick={() => setDialog({ mode: 'add' })}
        />
      }
    >
      {/* Bound to the rows on screen: a tooltip bound before the rows arrive finds no target. Hover, keyboard
          focus and a tap (which focuses the text) each show the full message. */}
      <Tooltip
        key={(list.data ?? []).map((n) => n.notificationID).join(',')}
        target=".notification-message"
        position="top"
        event="both"
        className={styles.tooltip}
      />
      <DataTable
        caption="Notifications"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(n) => n.notificationID}
        loading={list.state === 'loading'}
        emptyMessage="No notifications yet."
        errorMessage={list.state === 'error' ? 'The notifications could not be loaded.' : undefined}
        onRetry={reload}
        error={list.error}
      />

      {dialog.mode !== 'closed' && countries.data ? (
        <Suspense fallback={<LoadingSpinner label="Loading editor" />}>
          <NotificationDialog
            editing={dialog.mode === 'edit' ? dialog.notification : null}
            countries={countries.data}
            onClose={() => setDialog({ mode: 'closed' })}
            onSaved={() => {
              setDialog({ mode: 'closed' });
              reload();
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        visible={deletion.asking !== null}
        message={`Are you sure you want to delete the notification "${deletion.asking?.title ?? ''}"?`}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </ListScreen>
  );
}
