import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { notify, useSessionStore } from '@portal/shared-ui';
import { SecondFactorMessages } from '@portal/contracts';
import type { AdminUser, AdminUserPage } from '@portal/contracts';
import * as api from '../../user-form/user-api';
import { OPTIONS, choose, locationText, renderAt, user } from '../../../../test-support/admin-fixtures';
import AdminUsersPage, { ACTIVATE_USER_CONFIRM, DELETE_USER_CONFIRM } from '../admin-users-page';

jest.mock('../../user-form/user-api');

const mocked = jest.mocked(api);
const SIGNAL = expect.any(AbortSignal);

// The very notify the page and shared-ui's hooks call (a mock of the package would not reach its own modules).
beforeEach(() => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
});

function page(results: AdminUser[], totalCount = results.length): AdminUserPage {
  return { results, totalCount, pageNo: 1, pageSize: 10 };
}

/** A failed call as the HTTP client rejects it: an HTTP status, or none (no answer). */
function httpFailure(status?: number, message?: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'failed',
    'ERR',
    config,
    {},
    status === undefined
      ? undefined
      : { data: message ? { message } : {}, status, statusText: '', headers: {}, config },
  );
}

const rowsOf = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  jest.resetAllMocks();
  mocked.fetchUserPage.mockResolvedValue(
    page([
      user(1, { fullName: 'Ada Admin', role: 'Admin', roleID: 1, countryID: null, countryName: null }),
      user(2, { fullName: 'Bola Backoffice', isActive: false }),
    ]),
  );
  mocked.fetchUserFormOptions.mockResolvedValue(OPTIONS);
});

async function renderList(url = '/admin/users') {
  renderAt(<AdminUsersPage />, url);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
}

describe('Admin users list', () => {
  it('shows the spec columns, Active/Inactive and yyyy-MM-dd, and links to Add New User', async () => {
    await renderList();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Sr No',
      'Full Name',
      'Role',
      'Email',
      'Contact Number',
      'Country',
      'Status',
      'Registration Date',
      'Actions',
    ]);
    expect(rowsOf()[0].slice(0, 8)).toEqual([
      '1',
      'Ada Admin',
      'Admin',
      'user1@example.com',
      '+234-8031234501',
      '',
      'Active',
      '2025-03-04',
    ]);
    expect(rowsOf()[1]).toEqual(expect.arrayContaining(['Nigeria', 'Inactive']));
    expect(screen.getByRole('link', { name: 'Add New User' }).getAttribute('href')).toBe('/admin/user-add');
    expect(mocked.fetchUserPage).toHaveBeenCalledWith({ page: 1, search: '', status: 'all' }, SIGNAL);
  });

  it('filters by status All, Active, Inactive and searches after the debounce', async () => {
    await renderList();
    await choose(screen.getByLabelText('Status').id, 'Inactive');
    await waitFor(() =>
      expect(mocked.fetchUserPage).toHaveBeenLastCalledWith(
        { page: 1, search: '', status: 'inactive' },
        SIGNAL,
      ),
    );
    expect(locationText()).toBe('/admin/users?status=inactive');

    jest.useFakeTimers();
    try {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nigeria' } });
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() =>
      expect(mocked.fetchUserPage).toHaveBeenLastCalledWith(
        { page: 1, search: 'nigeria', status: 'inactive' },
        SIGNAL,
      ),
    );
  });

  it("deletes after a confirmation: the user is made inactive, 'Deleted successfully.', the list reloads", async () => {
    mocked.deactivateUser.mockResolvedValue({ message: 'Deleted successfully.', userID: 1 });
    await renderList();
    // An inactive user offers Activate instead of Delete.
    expect(screen.queryByRole('button', { name: 'Delete Bola Backoffice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ada Admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DELETE_USER_CONFIRM)).toBeTruthy();
    const calls = mocked.fetchUserPage.mock.calls.length;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    });
    expect(mocked.deactivateUser).toHaveBeenCalledWith(1);
    expect(notify.success).toHaveBeenCalledWith('Deleted successfully.');
    await waitFor(() => expect(mocked.fetchUserPage.mock.calls.length).toBeGreaterThan(calls));
  });

  it("activates an inactive user after a confirmation: the server's message, the list reloads", async () => {
    mocked.activateUser.mockResolvedValue({ message: 'User activated successfully.', userID: 2 });
    await renderList();
    expect(screen.queryByRole('button', { name: 'Activate Ada Admin' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Activate Bola Backoffice' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ACTIVATE_USER_CONFIRM)).toBeTruthy();
    const calls = mocked.fetchUserPage.mock.calls.length;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    });
    expect(mocked.activateUser).toHaveBeenCalledWith(2);
    expect(mocked.deactivateUser).not.toHaveBeenCalled();
    expect(notify.success).toHaveBeenCalledWith('User activated successfully.');
    await waitFor(() => expect(mocked.fetchUserPage.mock.calls.length).toBeGreaterThan(calls));
  });

  it("resets another user's two-step sign-in after a confirmation, never the signed-in admin's own", async () => {
    useSessionStore.getState().signIn({
      roleID: 1,
      userRole: 'Admin',
      email: 'user1@example.com',
      fullName: 'Ada Admin',
      forcePasswordUpdate: false,
      userRights: [],
      token: 't',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    mocked.resetSecondFactor.mockResolvedValue({ message: SecondFactorMessages.resetDone, userID: 2 });
    try {
      await renderList();
      expect(screen.queryByRole('button', { name: 'Reset two-step sign-in of Ada Admin' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Reset two-step sign-in of Bola Backoffice' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(SecondFactorMessages.resetConfirm('Bola Backoffice'))).toBeTruthy();
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
      });
      expect(mocked.resetSecondFactor).toHaveBeenCalledWith(2);
      expect(notify.success).toHaveBeenCalledWith(SecondFactorMessages.resetDone);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      // The page is still mounted and re-renders for the signed-out session: inside act, awaited.
      await act(async () => {
        useSessionStore.getState().signOut();
      });
    }
  });

  it('No keeps the user', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ada Admin' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(mocked.deactivateUser).not.toHaveBeenCalled();
  });

  it('Edit opens the same form filled in, in a dialog, and saves with userID', async () => {
    mocked.fetchUser.mockResolvedValue(user(2, { fullName: 'Bola Backoffice' }));
    mocked.saveUser.mockResolvedValue({ message: 'User updated successfully.', userID: 2 });
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Bola Backoffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const name = (await within(dialog).findByLabelText('Full Name')) as HTMLInputElement;
    expect(mocked.fetchUser).toHaveBeenCalledWith(2, SIGNAL);
    expect(name.value).toBe('Bola Backoffice');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('user2@example.com');
    expect(within(dialog).getByLabelText('Country')).toBeTruthy();

    fireEvent.change(name, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toBe('Please provide full name.');

    fireEvent.change(name, { target: { value: 'Bola B. Ade' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    });
    expect(mocked.saveUser).toHaveBeenCalledWith({
      userID: 2,
      fullName: 'Bola B. Ade',
      email: 'user2@example.com',
      phoneCode: '+234',
      mobileNumber: '8031234502',
      roleID: 2,
      countryID: 1,
    });
    expect(notify.success).toHaveBeenCalledWith('User updated successfully.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // Issue 26: the dialog offered Retry on every failure of the roles and countries, also on a refusal that
  // answers the same every time.
  it('Edit: roles and countries refused (403) say why and offer no Retry', async () => {
    mocked.fetchUser.mockResolvedValue(user(2, { fullName: 'Bola Backoffice' }));
    mocked.fetchUserFormOptions.mockRejectedValue(httpFailure(403, 'You do not have access.'));
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Bola Backoffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const refused = await within(dialog).findByRole('alert');
    expect(refused.textContent).toContain('The roles and countries could not be loaded.');
    expect(refused.textContent).toContain('You do not have access.');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('Edit: roles and countries with no answer offer Retry, which loads the form', async () => {
    mocked.fetchUser.mockResolvedValue(user(2, { fullName: 'Bola Backoffice' }));
    mocked.fetchUserFormOptions.mockRejectedValueOnce(httpFailure()).mockResolvedValue(OPTIONS);
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Bola Backoffice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(dialog).findByText('The roles and countries could not be loaded.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(((await within(dialog).findByLabelText('Full Name')) as HTMLInputElement).value).toBe(
      'Bola Backoffice',
    );
  });

  it('says when there are no users', async () => {
    mocked.fetchUserPage.mockResolvedValueOnce(page([]));
    renderAt(<AdminUsersPage />, '/admin/users');
    expect(await screen.findByText('No users found.')).toBeTruthy();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    mocked.fetchUserPage.mockRejectedValueOnce(new Error('down'));
    renderAt(<AdminUsersPage />, '/admin/users');
    expect(await screen.findByText('The users could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
  });
});
