import { downloadReport, downloadTokenOf, downloadUrlOf } from '../excel-download';
import { ReportEndpoints } from '@portal/contracts';
import { callEndpoint } from '../../http-client';
import { notify } from '../../toasts';

jest.mock('../../http-client', () => ({ callEndpoint: jest.fn() }));
jest.mock('../../toasts', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const clicked: string[] = [];
beforeAll(() => {
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
});
beforeEach(() => {
  clicked.length = 0;
  jest.mocked(callEndpoint).mockReset();
  jest.mocked(notify.error).mockReset();
});

describe('download links', () => {
  it('reads the token of absolute, site-relative and API-relative links', () => {
    expect(downloadTokenOf('/api/report/download?token=abc.def')).toBe('abc.def');
    expect(downloadTokenOf('https://portal.example/api/report/download?x=1&token=t1')).toBe('t1');
    expect(downloadTokenOf('report/download?token=t2')).toBe('t2');
    expect(downloadTokenOf('/api/report/download')).toBeNull();
  });

  it('fetches API-relative links under /api and others as given', () => {
    expect(downloadUrlOf('report/download?token=t')).toBe('/api/report/download?token=t');
    expect(downloadUrlOf('/api/report/download?token=t')).toBe('/api/report/download?token=t');
    expect(downloadUrlOf('https://cdn.example/f.xlsx?token=t')).toBe('https://cdn.example/f.xlsx?token=t');
  });
});

describe('downloadReport', () => {
  it('checks the token first and only then lets the browser fetch the file', async () => {
    jest.mocked(callEndpoint).mockResolvedValue({ valid: true, message: 'Link is valid.' });
    await expect(downloadReport('/api/report/download?token=good')).resolves.toBe(true);
    expect(callEndpoint).toHaveBeenCalledWith(ReportEndpoints.checkDownloadToken, {
      query: { token: 'good' },
    });
    expect(clicked).toEqual(['/api/report/download?token=good']);
  });

  it("stops with 'Invalid or expired link.' when the token is not valid", async () => {
    jest.mocked(callEndpoint).mockResolvedValue({ valid: false, message: 'Invalid or expired link.' });
    await expect(downloadReport('/api/report/download?token=used')).resolves.toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Invalid or expired link.');
    expect(clicked).toEqual([]);
  });

  it('refuses a link without a token without asking the server', async () => {
    await expect(downloadReport('/api/report/download')).resolves.toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Invalid or expired link.');
    expect(callEndpoint).not.toHaveBeenCalled();
  });
});
