import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ADMIN_USER_PAGE_SIZE, AdminUserMessages, Messages, SecondFactorMessages } from '@portal/contracts';
import type { AdminUser, AdminUserStatusFilter } from '@portal/contracts';
import {
  ConfirmDialog,
  FilterField,
  ListScreen,
  PagedTable,
  SearchFilter,
  StatusBadge,
  dropdownPassThrough,
  formatDate,
  notify,
  serialColumn,
  useConfirmedAction,
  usePagedList,
  useSessionStore,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { activateUser, deactivateUser, fetchUserPage, resetSecondFactor } from '../user-form/user-api';
import { useUserFormOptions } from '../user-form/use-user-form-options';
import { EditUserDialog } from './edit-user-dialog';
import styles from './admin-users-page.module.css';

export const ADD_USER_PATH = '/admin/user-add';

export const USER_STATUS_OPTIONS: readonly { label: string; value: AdminUserStatusFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
];

const DEFAULT_FILTERS = { status: 'all' as AdminUserStatusFilter };
const statusFromQuery = (value: string): AdminUserStatusFilter =>
  USER_STATUS_OPTIONS.find((option) => option.value === value.trim().toLowerCase())?.value ?? 'all';

/** The delete's question: the user is made inactive, not removed. */
export const DELETE_USER_CONFIRM =
  'Are you sure you want to delete this user? The user will be made inactive.';
/** Beyond the spec: an inactive user made active again (it signs in with its password as before). */
export const ACTIVATE_USER_CONFIRM = 'Are you sure you want to make this user active again?';

/** admin/users (spec §2 Admin users list): back-office and admin users, searched and filtered by the server. */
export default function AdminUsersPage() {
  const list = usePagedList({
    fetchPage: ({ page, search, filters }, signal) =>
      fetchUserPage({ page, search, status: filters.status }, signal),
    pageSize: ADMIN_USER_PAGE_SIZE,
    defaultFilters: DEFAULT_FILTERS,
    parseFilter: (_name, value) => statusFromQuery(value),
  });
  const { reload } = list;
  const [editing, setEditing] = useState<number | null>(null);
  // The edit form's roles and countries load with the first Edit, not with the list.
  const [wantsOptions, setWantsOptions] = useState(false);
  const options = useUserFormOptions(wantsOptions);
  const baseId = useId();
  const statusId = `${baseId}-status`;

  useEffect(() => {
    document.title = 'All Users | Affiliate Portal';
  }, []);

  const deletion = useConfirmedAction(
    (user: AdminUser) => deactivateUser(user.userID),
    Messages.deleted,
    reload,
  );
  const { ask: askToDelete } = deletion;
  const activation = useConfirmedAction(
    (user: AdminUser) => activateUser(user.userID),
    AdminUserMessages.activated,
    reload,
  );
  const { ask: askToActivate } = activation;
  // Issue 29: an admin resets another staff user's two-step sign-in (never their own: Profile, recovery code).
  const reset = useConfirmedAction(
    (user: AdminUser) => resetSecondFactor(user.userID),
    SecondFactorMessages.resetDone,
    reload,
  );
  const { ask: askToReset } = reset;
  const myEmail = useSessionStore((state) => state.email)?.toLowerCase();

  const firstRow = (list.page - 1) * ADMIN_USER_PAGE_SIZE + 1;
  const columns = useMemo<DataColumn<AdminUser>[]>(
    () => [
      serialColumn<AdminUser>(firstRow),
      // Issue 51: every column in view at 1280-1440 px with the sidebar open: names wrap between words and the
      // two long headings sit on two lines, the cells a little closer; an e-mail address stays whole.
      { key: 'fullName', header: 'Full Name', render: (u) => u.fullName, wrap: true },
      { key: 'role', header: 'Role', render: (u) => u.role },
      { key: 'email', header: 'Email', render: (u) => u.email },
      {
        key: 'contact',
        header: <span className={styles.twoLineHeading}>Contact Number</span>,
        label: 'Contact Number',
        render: (u) => (u.mobileNumber ? `${u.phoneCode}-${u.mobileNumber}` : ''),
      },
      { key: 'country', header: 'Country', render: (u) => u.countryName ?? '' },
      {
        key: 'status',
        header: 'Status',
        render: (u) => <StatusBadge status={u.isActive ? 'Active' : 'Inactive'} />,
      },
      {
        key: 'createdOn',
        header: <span className={styles.twoLineHeading}>Registration Date</span>,
        label: 'Registration Date',
        render: (u) => formatDate(u.createdOn),
      },
      {
        key: 'actions',
        header: 'Actions',
        actions: true,
        render: (u) => (
          <div className={styles.rowActions}>
            <Button
              type="button"
              icon="pi pi-pencil"
              rounded
              text
              aria-label={`Edit ${u.fullName}`}
              title="Edit"
              onClick={() => {
                setWantsOptions(true);
                setEditing(u.userID);
              }}
            />
            {/* Active rows offer Delete (make inactive); inactive ones Activate. */}
            <Button
              type="button"
              icon={u.isActive ? 'pi pi-trash' : 'pi pi-check-circle'}
              rounded
              text
              severity={u.isActive ? 'danger' : 'success'}
              aria-label={`${u.isActive ? 'Delete' : 'Activate'} ${u.fullName}`}
              title={u.isActive ? 'Delete (make inactive)' : 'Activate'}
              onClick={() => (u.isActive ? askToDelete(u) : askToActivate(u))}
            />
            {u.email.toLowerCase() !== myEmail && (
              <Button
                type="button"
                icon="pi pi-shield"
                rounded
                text
                severity="warning"
                aria-label={`Reset two-step sign-in of ${u.fullName}`}
                title="Reset two-step sign-in"
                onClick={() => askToReset(u)}
              />
            )}
          </div>
        ),
      },
    ],
    [firstRow, askToDelete, askToActivate, askToReset, myEmail],
  );

  return (
    <ListScreen
      title="All Users"
      actions={
        <Link to={ADD_USER_PATH} className={`p-button p-component ${styles.addLink}`}>
          <i className="pi pi-user-plus" aria-hidden="true" />
          <span>Add New User</span>
        </Link>
      }
      filters={
        <>
          <SearchFilter
            list={list}
            placeholder="Name, email, mobile, role or country"
            className={styles.searchInput}
          />
          <FilterField htmlFor={statusId} label="Status">
            <Dropdown
              pt={dropdownPassThrough}
              inputId={statusId}
              value={list.filters.status}
              options={[...USER_STATUS_OPTIONS]}
              optionLabel="label"
              optionValue="value"
              onChange={(event) => list.setFilters({ status: event.value as AdminUserStatusFilter })}
              className={styles.statusFilter}
            />
          </FilterField>
        </>
      }
    >
      <div className={styles.closeColumns}>
        <PagedTable
          list={list}
          caption="All Users"
          columns={columns}
          rowKey={(u) => u.userID}
          emptyMessage="No users found."
          errorMessage="The users could not be loaded."
          pagerLabel="All Users pages"
        />
      </div>

      <EditUserDialog
        userID={editing}
        options={options.data}
        optionsFailed={options.state === 'error'}
        optionsError={options.error}
        onRetryOptions={options.reload}
        onClose={() => setEditing(null)}
        onSaved={(answer) => {
          notify.success(answer.message);
          setEditing(null);
          reload();
        }}
      />
      <ConfirmDialog
        visible={deletion.asking !== null}
        message={DELETE_USER_CONFIRM}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
      <ConfirmDialog
        visible={activation.asking !== null}
        message={ACTIVATE_USER_CONFIRM}
        busy={activation.busy}
        onConfirm={() => void activation.confirm()}
        onCancel={activation.cancel}
      />
      <ConfirmDialog
        visible={reset.asking !== null}
        message={SecondFactorMessages.resetConfirm(reset.asking?.fullName ?? '')}
        busy={reset.busy}
        onConfirm={() => void reset.confirm()}
        onCancel={reset.cancel}
      />
    </ListScreen>
  );
}
