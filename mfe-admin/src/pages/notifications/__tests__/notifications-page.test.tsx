import { Suspense } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CountryOption, NotificationItem } from '@portal/contracts';
import { notify } from '@portal/shared-ui';
import NotificationsPage from '../notifications-page';
import * as api from '../notifications-api';

jest.mock('../notifications-api');
const mockEditorLoaded = jest.fn();
// Quill needs a real browser; the editor's contract (HTML in, HTML out) is kept by a textarea.
jest.mock('../rich-text-editor', () => {
  mockEditorLoaded();
  return {
    __esModule: true,
    default: ({
      initialHtml,
      onChange,
      labelledBy,
    }: {
      initialHtml: string;
      onChange(html: string): void;
      labelledBy: string;
    }) => (
      <textarea
        aria-labelledby={labelledBy}
        defaultValue={initialHtml}
        onChange={(event) => onChange(event.target.value)}
      />
    ),
  };
});

const mocked = jest.mocked(api);
const COUNTRIES: CountryOption[] = [
  { countryID: 1, countryName: 'Nigeria', countryCode: 'NG', phoneCode: '+234', phoneNumberLength: 10 },
  { countryID: 2, countryName: 'Ghana', countryCode: 'GH', phoneCode: '+233', phoneNumberLength: 9 },
];
const LONG =
  'New commission rates for Personal Care and Snacks apply from the first of next month, for every affiliate.';
const NOTIFICATIONS: NotificationItem[] = [
  {
    notificationID: 7,
    title: 'New rates',
    messageText: `<p>${LONG.replace('Personal Care', '<strong>Personal Care</strong>')}</p>`,
    countryID: 1,
    countryIDs: [1, 2],
    countryName: 'Nigeria, Ghana',
  },
  {
    notificationID: 3,
    title: 'Welcome',
    messageText: '<p>Hello &amp; welcome</p>',
    countryID: 0,
    countryIDs: [0],
    countryName: 'All Countries',
  },
];

beforeEach(() => {
  jest.clearAllMocks();
  mocked.fetchNotifications.mockResolvedValue(NOTIFICATIONS);
  mocked.fetchCountries.mockResolvedValue(COUNTRIES);
  mocked.saveNotification.mockResolvedValue({
    message: 'Notification updated successfully.',
    notificationID: 7,
  });
  mocked.deleteNotification.mockResolvedValue({ message: 'Notification deleted successfully' });
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
});

function renderPage() {
  render(
    <Suspense fallback={null}>
      <NotificationsPage />
    </Suspense>,
  );
}

async function rows() {
  const table = await screen.findByRole('table', { name: 'Notifications' });
  await within(table).findByText('New rates');
  return within(table).getAllByRole('row').slice(1);
}

test('lists Sr No, Title, the message truncated with its full text for the tooltip, and the country', async () => {
  renderPage();
  const [first, second] = await rows();
  const cells = within(first).getAllByRole('cell');
  expect(cells[0].textContent).toBe('1');
  expect(cells[1].textContent).toBe('New rates');
  const message = cells[2].querySelector('[data-pr-tooltip]');
  expect(message?.getAttribute('data-pr-tooltip')).toBe(LONG);
  expect(message?.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^New commission rates .*…$/);
  expect(message?.querySelector('[aria-hidden="true"]')?.textContent?.length).toBeLessThanOrEqual(61);
  expect(cells[3].textContent).toBe('Nigeria, Ghana');
  const secondCells = within(second).getAllByRole('cell');
  expect(secondCells[0].textContent).toBe('2');
  expect(secondCells[2].textContent).toBe('Hello & welcome');
  expect(secondCells[3].textContent).toBe('All Countries');
  // The editor is not loaded with the list.
  expect(mockEditorLoaded).not.toHaveBeenCalled();
});

test('says so when there are none, and offers Retry when they cannot be loaded', async () => {
  mocked.fetchNotifications.mockResolvedValueOnce([]);
  renderPage();
  expect(await screen.findByText('No notifications yet.')).toBeTruthy();
});

test('offers Retry when the list cannot be loaded', async () => {
  mocked.fetchNotifications.mockRejectedValueOnce(new Error('500'));
  renderPage();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The notifications could not be loaded.');
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('New rates')).toBeTruthy();
});

test('delete asks first, then deletes, says so and reloads', async () => {
  renderPage();
  await rows();
  fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Are you sure you want to delete the notification "Welcome"?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
  expect(mocked.deleteNotification).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(mocked.deleteNotification).toHaveBeenCalledWith(3));
  await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Notification deleted successfully'));
  await waitFor(() => expect(mocked.fetchNotifications).toHaveBeenCalledTimes(2));
});

test('Add Notification: the editor loads with the dialog; title, message and country are required in that order', async () => {
  renderPage();
  await rows();
  fireEvent.click(screen.getByRole('button', { name: 'Add Notification' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Notification' });
  const message = await within(dialog).findByRole('textbox', { name: 'Message' });
  expect(mockEditorLoaded).toHaveBeenCalledTimes(1);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Please provide title.')).toBeTruthy();
  expect(within(dialog).getByText('Please provide message.')).toBeTruthy();
  expect(within(dialog).getByText('Please select country.')).toBeTruthy();

  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Holiday' } });
  fireEvent.change(message, { target: { value: '<p><br></p>' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(dialog).queryByText('Please provide title.')).toBeNull());
  expect(within(dialog).getByText('Please provide message.')).toBeTruthy();
  expect(mocked.saveNotification).not.toHaveBeenCalled();
});

test('Edit opens the dialog filled in and sends notificationID with the countries', async () => {
  renderPage();
  await rows();
  fireEvent.click(screen.getByRole('button', { name: 'Edit New rates' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
  const title = within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
  expect(title.value).toBe('New rates');
  expect(
    ((await within(dialog).findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement).value,
  ).toBe(NOTIFICATIONS[0].messageText);
  fireEvent.change(title, { target: { value: 'Newer rates' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
  await waitFor(() =>
    expect(mocked.saveNotification).toHaveBeenCalledWith({
      title: 'Newer rates',
      messageText: NOTIFICATIONS[0].messageText,
      countryID: [1, 2],
      notificationID: 7,
    }),
  );
  await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Notification updated successfully.'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(mocked.fetchNotifications).toHaveBeenCalledTimes(2);
});
