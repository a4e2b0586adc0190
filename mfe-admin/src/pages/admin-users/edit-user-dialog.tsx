import { useState } from 'react';
import type { ReactNode } from 'react';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { SaveAdminUserResponse } from '@portal/contracts';
import { FormDialog, LoadFailed, useLoad } from '@portal/shared-ui';
import { fetchUser } from '../user-form/user-api';
import type { UserFormOptions } from '../user-form/user-api';
import { UserForm } from '../user-form/user-form';
import styles from './admin-users-page.module.css';

export interface EditUserDialogProps {
  /** The user to edit; null keeps the dialog closed. */
  userID: number | null;
  options: UserFormOptions | undefined;
  optionsFailed: boolean;
  /** What loading the roles and countries failed with: Retry only where another try can succeed. */
  optionsError?: unknown;
  onRetryOptions(): void;
  onClose(): void;
  onSaved(answer: SaveAdminUserResponse): void;
}

/**
 * Edit opens the Add user form filled in, in a dialog on the list (the guard admits only menu paths, so an
 * edit page of its own could not be reached). The user is read afresh with GET admin/user/{id}.
 */
export function EditUserDialog({
  userID,
  options,
  optionsFailed,
  optionsError,
  onRetryOptions,
  onClose,
  onSaved,
}: EditUserDialogProps) {
  const user = useLoad((signal) => fetchUser(userID as number, signal), [userID], {
    enabled: userID !== null,
  });
  const [dirty, setDirty] = useState(false);
  const ready = user.state === 'ready' && user.data && options;
  let body: ReactNode | ((requestClose: () => void) => ReactNode);
  if (user.state === 'error') {
    body = <LoadFailed message="The user could not be loaded." onRetry={user.reload} error={user.error} />;
  } else if (optionsFailed) {
    body = (
      <LoadFailed
        message="The roles and countries could not be loaded."
        onRetry={onRetryOptions}
        error={optionsError}
      />
    );
  } else if (ready && user.data) {
    const editing = user.data;
    body = (requestClose: () => void) => (
      <UserForm
        key={editing.userID}
        mode="edit"
        idPrefix="edit-user"
        options={options}
        user={editing}
        submitLabel="Update"
        onSaved={onSaved}
        onCancel={requestClose}
        onDirtyChange={setDirty}
      />
    );
  } else {
    body = (
      <div className={styles.dialogLoading}>
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Loading" />
      </div>
    );
  }
  return (
    <FormDialog
      visible={userID !== null}
      header="Edit User"
      dirty={dirty}
      onClose={() => {
        setDirty(false);
        onClose();
      }}
      style={{ width: 'min(44rem, 94vw)' }}
    >
      {body}
    </FormDialog>
  );
}
