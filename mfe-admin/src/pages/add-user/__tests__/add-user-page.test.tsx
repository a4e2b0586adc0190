import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import type { InternalAxiosRequestConfig } from 'axios';
import { notify } from '@portal/shared-ui';
import * as api from '../../user-form/user-api';
import { OPTIONS, choose, locationText, renderAt } from '../../../../test-support/admin-fixtures';
import AddUserPage from '../add-user-page';

jest.mock('../../user-form/user-api');
jest.mock('@portal/shared-ui', () => ({
  ...jest.requireActual('@portal/shared-ui'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const mocked = jest.mocked(api);

beforeEach(() => {
  jest.resetAllMocks();
  mocked.fetchUserFormOptions.mockResolvedValue(OPTIONS);
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((element) => element.textContent);
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
  });
};

async function renderPage() {
  renderAt(<AddUserPage />, '/admin/user-add');
  await screen.findByLabelText('Full Name');
}

describe('Add user page', () => {
  it('has the spec fields, no country until a role shows it, and a Back to Users link', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Create User' })).toBeTruthy();
    for (const label of ['Full Name', 'Email', 'Country Code', 'Phone', 'Role']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Users' }).getAttribute('href')).toBe('/admin/users');

    await choose('add-user-roleID', 'Backoffice');
    expect(screen.getByLabelText('Country')).toBeTruthy();
    await choose('add-user-roleID', 'Admin');
    expect(screen.queryByLabelText('Country')).toBeNull();
  });

  it("shows every message in the spec's order, each under its field", async () => {
    await renderPage();
    await submit();
    expect(alerts()).toEqual([
      'Please provide full name.',
      'Please provide email.',
      'Please select country code.',
      'Please provide mobile.',
      'Please select role.',
    ]);
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Full Name').getAttribute('aria-describedby')).toBe(
      'add-user-fullName-error',
    );

    type('Email', 'not-an-email');
    await choose('add-user-roleID', 'Backoffice');
    await submit();
    expect(alerts()).toContain('Email is not valid.');
    expect(alerts()).toContain('Please select country.');
    expect(mocked.saveUser).not.toHaveBeenCalled();
  });

  it("checks the mobile against the chosen code's length", async () => {
    await renderPage();
    await choose('add-user-phoneCode', '+233 Ghana');
    type('Phone', '8031234567');
    await submit();
    expect(alerts()).toContain('Mobile number must be 9 digit.');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).maxLength).toBe(9);
  });

  it('creates an admin without a country, says so and goes back to the list', async () => {
    mocked.saveUser.mockResolvedValue({ message: 'User created successfully.', userID: 9 });
    await renderPage();
    type('Full Name', ' Ngozi  Eze ');
    type('Email', 'Ngozi@Example.com');
    await choose('add-user-phoneCode', '+234 Nigeria');
    type('Phone', '8031234567');
    await choose('add-user-roleID', 'Admin');
    await submit();
    expect(mocked.saveUser).toHaveBeenCalledWith({
      fullName: 'Ngozi Eze',
      email: 'ngozi@example.com',
      phoneCode: '+234',
      mobileNumber: '8031234567',
      roleID: 1,
    });
    expect(notify.success).toHaveBeenCalledWith('User created successfully.');
    await waitFor(() => expect(locationText()).toBe('/admin/users'));
  });

  it('sends the country for a back-office user', async () => {
    mocked.saveUser.mockResolvedValue({ message: 'done', userID: 10 });
    await renderPage();
    type('Full Name', 'Kofi Mensah');
    type('Email', 'kofi@example.com');
    await choose('add-user-phoneCode', '+233 Ghana');
    type('Phone', '201234567');
    await choose('add-user-roleID', 'Backoffice');
    await choose('add-user-countryID', 'Ghana');
    await submit();
    expect(mocked.saveUser).toHaveBeenCalledWith(expect.objectContaining({ roleID: 2, countryID: 2 }));
  });

  it("keeps the server's refusal of a taken email under the field", async () => {
    const config = { headers: {} } as InternalAxiosRequestConfig;
    mocked.saveUser.mockRejectedValue(
      new AxiosError(
        '409',
        'ERR_BAD_REQUEST',
        config,
        {},
        {
          status: 409,
          statusText: '',
          headers: {},
          config,
          data: { message: 'A user with this email already exists.' },
        },
      ),
    );
    await renderPage();
    type('Full Name', 'Kofi Mensah');
    type('Email', 'taken@example.com');
    await choose('add-user-phoneCode', '+234 Nigeria');
    type('Phone', '8031234567');
    await choose('add-user-roleID', 'Admin');
    await submit();
    expect(alerts()).toEqual(['A user with this email already exists.']);
    expect(locationText()).toBe('/admin/user-add');
  });

  it('offers Retry when the roles and countries cannot be loaded', async () => {
    mocked.fetchUserFormOptions.mockRejectedValueOnce(new Error('down'));
    renderAt(<AddUserPage />, '/admin/user-add');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
  });
});
