import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Suspense } from 'react';
import { notify } from '@portal/shared-ui';
import CommissionUploadPage from '../commission-upload-page';
import { fetchCurrentRates, fetchUploads, uploadCommissionFile } from '../commission-api';

jest.mock('../commission-api', () => ({
  RATES_PAGE_SIZE: 10,
  UPLOADS_PAGE_SIZE: 5,
  uploadCommissionFile: jest.fn(),
  fetchCurrentRates: jest.fn(),
  fetchUploads: jest.fn(),
}));
// The return windows have their own test (return-windows.test.tsx).
jest.mock('../return-windows', () => ({ ReturnWindows: () => null }));

const INVALID = 'Invalid file type. Please upload Excel (.xlsx, .xls) file.';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/admin/commission-upload']}>
      <Suspense fallback="loading">
        <CommissionUploadPage />
      </Suspense>
    </MemoryRouter>,
  );
}

const excel = (name = 'rates.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name);
const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText('Excel file (.xlsx, .xls)'), { target: { files: [file] } });
const uploadButton = () => screen.getByRole('button', { name: 'Upload' });

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  jest.mocked(fetchCurrentRates).mockResolvedValue({
    results: [
      {
        affiliateCode: 'AFF100001',
        affiliateName: 'Chidi Okafor',
        productCategory: 'Beverages',
        ratePercent: '2.5',
        minimumOrderValue: '5000.00',
        effectiveDate: '2026-01-01',
        uploadId: 1,
      },
    ],
    totalCount: 1,
    pageNo: 1,
    pageSize: 10,
    categories: ['Beverages', 'Snacks'],
  });
  jest.mocked(fetchUploads).mockResolvedValue({
    results: [
      {
        uploadId: 1,
        fileName: 'march.xlsx',
        rowCount: 2,
        uploadedBy: 'Ada Admin',
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    ],
    totalCount: 1,
    pageNo: 1,
    pageSize: 5,
  });
});

test('another extension shows the spec message, clears the choice and keeps Upload disabled', async () => {
  renderPage();
  expect(await screen.findByText('Chidi Okafor')).toBeTruthy();
  expect(uploadButton()).toHaveProperty('disabled', true);
  pick(excel('rates.csv'));
  expect(screen.getByRole('alert').textContent).toBe(INVALID);
  expect((screen.getByLabelText('Excel file (.xlsx, .xls)') as HTMLInputElement).value).toBe('');
  expect(uploadButton()).toHaveProperty('disabled', true);
  pick(excel('rates.XLS'));
  expect(screen.queryByText(INVALID)).toBeNull();
  expect(uploadButton()).toHaveProperty('disabled', false);
});

test('uploading shows progress, disables Upload, then the server message, and the lists load again', async () => {
  let finish: (value: { success: true; message: string }) => void = () => undefined;
  jest.mocked(uploadCommissionFile).mockImplementation((_file, onProgress) => {
    onProgress(40);
    return new Promise((resolve) => {
      finish = resolve;
    });
  });
  renderPage();
  await screen.findByText('march.xlsx');
  pick(excel());
  fireEvent.click(uploadButton());
  expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
  expect(screen.getByText('Uploading… 40%')).toBeTruthy();
  expect(uploadButton()).toHaveProperty('disabled', true);
  await act(async () =>
    finish({ success: true, message: 'Commission rates uploaded successfully: 2 rows saved.' }),
  );
  expect(screen.getByRole('status').textContent).toBe(
    'Commission rates uploaded successfully: 2 rows saved.',
  );
  // A success is a toast as well, as a refusal is (the HTTP client toasts refusals).
  expect(notify.success).toHaveBeenCalledWith('Commission rates uploaded successfully: 2 rows saved.');
  expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
  await waitFor(() => expect(fetchUploads).toHaveBeenCalledTimes(2));
  expect(fetchCurrentRates).toHaveBeenCalledTimes(2);
  expect(uploadButton()).toHaveProperty('disabled', true);
});

test('a refused file shows its message and the rows as a table', async () => {
  jest.mocked(uploadCommissionFile).mockResolvedValue({
    success: false,
    message:
      'The file was not uploaded: 1 row has an error. Row 3, Commission Rate (%): must be between 0 and 100.',
    errors: [
      { row: 3, column: 'Commission Rate (%)', reason: 'Commission Rate (%) must be between 0 and 100.' },
    ],
  });
  renderPage();
  pick(excel());
  fireEvent.click(uploadButton());
  expect((await screen.findByRole('alert')).textContent).toContain('Row 3, Commission Rate (%)');
  const table = screen.getByRole('table', { name: 'Rows to correct' });
  expect(within(table).getByText('Commission Rate (%) must be between 0 and 100.')).toBeTruthy();
  expect(within(table).getByText('3')).toBeTruthy();
});

test('current rates are searched and filtered by category on the server', async () => {
  renderPage();
  await screen.findByText('Chidi Okafor');
  fireEvent.click(screen.getByLabelText('Product Category').closest('.p-dropdown')!);
  // jsdom runs no CSS transitions, so the opened panel stays display: none; its options are still there.
  fireEvent.click(await screen.findByRole('option', { name: 'Snacks', hidden: true }));
  await waitFor(() =>
    expect(fetchCurrentRates).toHaveBeenLastCalledWith(
      { page: 1, search: '', category: 'Snacks' },
      expect.any(AbortSignal),
    ),
  );
});

test('the category filter shows the chevron that says it opens', async () => {
  renderPage();
  await screen.findByText('Chidi Okafor');
  const filter = screen.getByLabelText('Product Category').closest('.p-dropdown');
  expect(
    filter?.querySelector('.p-dropdown-trigger svg, .p-dropdown-trigger .p-dropdown-trigger-icon'),
  ).toBeTruthy();
});
