import { fireEvent, screen } from '@testing-library/react';
import { AxiosError } from 'axios';
import type { ProfileResponse } from '@portal/contracts';
import { httpClient } from '@portal/shared-ui';
import { demoSession, renderApp, setScreenWidth } from '../../../../../test-support/render-app';

// Issue 29, My data: the affiliate's download of everything the portal holds on it, from Profile.
const affiliateProfile: ProfileResponse = {
  fullName: 'Amaka Obi',
  email: 'affiliate@example.com',
  phoneCode: '+234',
  mobileNumber: '8031234567',
  identityType: 'BVN',
  ninOrBVN: '••••••••476',
  bankInfo: { bankName: 'Access Bank', accountNumber: '•••••••789' },
};

const EXCEL_PATH = '/api/report/download?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

/** Answers by URL; `myData` decides the my-data call's answer. */
function serve(myData: { status: number; data: unknown }, asked: string[] = []) {
  httpClient.defaults.adapter = async (config) => {
    const url = String(config.url);
    asked.push(url);
    const [status, data] = url.endsWith('user/my-data')
      ? [myData.status, myData.data]
      : url.includes('report/check-download-token-valid')
        ? [200, { valid: true, message: 'Token is valid.' }]
        : [200, affiliateProfile];
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR', config, {}, response);
    return response;
  };
}

let clicked: string[];
beforeEach(() => {
  localStorage.clear();
  setScreenWidth(1280);
  clicked = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => jest.restoreAllMocks());

describe('My data on the profile', () => {
  it('an affiliate downloads its workbook through the single-use link, after the token check', async () => {
    const asked: string[] = [];
    serve({ status: 200, data: { excelPath: EXCEL_PATH } }, asked);
    renderApp('/profile', demoSession('Affiliate'));
    expect(await screen.findByRole('heading', { name: 'Your Data' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download My Data' }));
    expect(await screen.findByText('Your download has started.')).toBeTruthy();
    expect(clicked).toEqual([EXCEL_PATH]);
    expect(asked.some((url) => url.includes('report/check-download-token-valid'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal (the export limit) is an alert, not a started download; trying again works', async () => {
    serve({ status: 429, data: { message: 'Too many exports. Please try again later.' } });
    renderApp('/profile', demoSession('Affiliate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Download My Data' }));
    // The server's reason comes as a toast; the section says plainly that nothing was downloaded.
    const failed = await screen.findByText('Your data could not be downloaded. Please try again.');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(screen.queryByText('Your download has started.')).toBeNull();
    expect(clicked).toEqual([]);
    serve({ status: 200, data: { excelPath: EXCEL_PATH } });
    fireEvent.click(screen.getByRole('button', { name: 'Download My Data' }));
    expect(await screen.findByText('Your download has started.')).toBeTruthy();
    expect(screen.queryByText('Your data could not be downloaded. Please try again.')).toBeNull();
  });

  it('is the same at 390 px, reachable by keyboard', async () => {
    setScreenWidth(390);
    serve({ status: 200, data: { excelPath: EXCEL_PATH } });
    renderApp('/profile', demoSession('Affiliate'));
    const button = await screen.findByRole('button', { name: 'Download My Data' });
    button.focus();
    expect(document.activeElement).toBe(button);
  });

  it('staff have no My data section (they have no affiliate record)', async () => {
    serve({ status: 404, data: { message: 'none' } });
    renderApp('/profile', demoSession('Backoffice'));
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your Data' })).toBeNull();
  });
});
