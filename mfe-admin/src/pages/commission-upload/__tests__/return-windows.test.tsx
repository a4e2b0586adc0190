import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { AxiosError, AxiosHeaders } from 'axios';
import { notify } from '@portal/shared-ui';
import { ReturnWindows } from '../return-windows';
import { fetchReturnWindows, saveReturnWindow } from '../return-windows-api';

jest.mock('../return-windows-api', () => ({ fetchReturnWindows: jest.fn(), saveReturnWindow: jest.fn() }));
jest.mock('@portal/shared-ui', () => ({
  ...jest.requireActual('@portal/shared-ui'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const LIST = {
  defaultDays: 14,
  results: [
    {
      productCategory: 'Beverages',
      returnDays: 30,
      isDefault: false,
      updatedAt: '2026-03-01T09:00:00.000Z',
      updatedBy: 'Ada Admin',
    },
    { productCategory: 'Snacks', returnDays: 14, isDefault: true, updatedAt: null, updatedBy: null },
  ],
};

const renderWindows = () =>
  render(
    <Suspense fallback="loading">
      <ReturnWindows />
    </Suspense>,
  );
const field = (category: string) =>
  screen.getByLabelText(`Return window of ${category} in days`) as HTMLInputElement;
const saveButton = (category: string) =>
  screen.getByRole('button', { name: `Save the return window of ${category}` }) as HTMLButtonElement;

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(fetchReturnWindows).mockResolvedValue(LIST);
});

test('lists each category with its window; Save is enabled only once a value changes', async () => {
  renderWindows();
  expect(
    ((await screen.findByLabelText('Return window of Beverages in days')) as HTMLInputElement).value,
  ).toBe('30');
  expect(field('Snacks').value).toBe('14');
  expect(screen.getByText('Default')).toBeTruthy();
  expect(screen.getByText('2026-03-01 by Ada Admin')).toBeTruthy();
  expect(saveButton('Snacks').disabled).toBe(true);
  fireEvent.change(field('Snacks'), { target: { value: '21' } });
  expect(saveButton('Snacks').disabled).toBe(false);
});

test.each([
  ['', 'Please enter the return window in days.'],
  ['2.5', 'The return window must be a whole number of days.'],
  ['ten', 'The return window must be a whole number of days.'],
  ['366', 'The return window must be between 0 and 365 days.'],
  ['-1', 'The return window must be between 0 and 365 days.'],
])('%j is not sent: the field says why', async (typed, message) => {
  renderWindows();
  await screen.findByLabelText('Return window of Snacks in days');
  fireEvent.change(field('Snacks'), { target: { value: typed } });
  await act(async () => {
    fireEvent.click(saveButton('Snacks'));
  });
  expect(saveReturnWindow).not.toHaveBeenCalled();
  expect(field('Snacks').getAttribute('aria-invalid')).toBe('true');
  const described = document.getElementById(field('Snacks').getAttribute('aria-describedby') ?? '');
  expect(described?.textContent).toBe(message);
});

test('a saved value is sent as a number, the server message toasted and the row updated', async () => {
  jest.mocked(saveReturnWindow).mockResolvedValue({
    message: "Return window of 'Snacks' set to 21 days.",
    changed: true,
    window: {
      productCategory: 'Snacks',
      returnDays: 21,
      isDefault: false,
      updatedAt: '2026-04-02T10:00:00.000Z',
      updatedBy: 'Ada Admin',
    },
  });
  renderWindows();
  await screen.findByLabelText('Return window of Snacks in days');
  fireEvent.change(field('Snacks'), { target: { value: ' 21 ' } });
  await act(async () => {
    fireEvent.keyDown(field('Snacks'), { key: 'Enter' });
  });
  expect(saveReturnWindow).toHaveBeenCalledWith('Snacks', 21);
  expect(notify.success).toHaveBeenCalledWith("Return window of 'Snacks' set to 21 days.");
  expect(field('Snacks').value).toBe('21');
  expect(saveButton('Snacks').disabled).toBe(true);
  expect(screen.getByText('2026-04-02 by Ada Admin')).toBeTruthy();
});

test('loading, empty and error are distinct states', async () => {
  jest.mocked(fetchReturnWindows).mockResolvedValueOnce({ defaultDays: 14, results: [] });
  const { unmount } = renderWindows();
  expect(
    await screen.findByText('No product categories yet: a category appears with its first commission rate.'),
  ).toBeTruthy();
  unmount();
  jest.mocked(fetchReturnWindows).mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(LIST);
  renderWindows();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The return windows could not be loaded.');
  await act(async () => {
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  });
  expect(await screen.findByLabelText('Return window of Beverages in days')).toBeTruthy();
});

test('a refusal that another try cannot change (403) says why, with no Retry', async () => {
  const config = { headers: new AxiosHeaders() };
  const data = { message: 'You do not have access to this.' };
  jest
    .mocked(fetchReturnWindows)
    .mockRejectedValue(
      new AxiosError(
        'refused',
        'ERR',
        config,
        {},
        { data, status: 403, statusText: '', headers: {}, config },
      ),
    );
  renderWindows();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The return windows could not be loaded.');
  expect(alert.textContent).toContain('You do not have access to this.');
  expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
});
