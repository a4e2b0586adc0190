import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import type { ProfileResponse } from '@portal/contracts';
import { httpClient } from '@portal/shared-ui';
import { demoSession, renderApp, setScreenWidth } from '../../../../../test-support/render-app';

// Issue 48: an affiliate asks for erasure from Profile; the request goes to the admins, nothing is erased here.
const affiliateProfile: ProfileResponse = {
  fullName: 'Amaka Obi',
  email: 'affiliate@example.com',
  phoneCode: '+234',
  mobileNumber: '8031234567',
  identityType: 'BVN',
  ninOrBVN: '••••••••476',
  bankInfo: { bankName: 'Access Bank', accountNumber: '•••••••789' },
};
const SENT =
  'Your request to erase your personal data has been sent to the administrators. They will contact you.';

function serve(request: { status: number; data: unknown }, asked: string[] = []) {
  httpClient.defaults.adapter = async (config) => {
    const url = String(config.url);
    asked.push(`${config.method} ${url}`);
    const [status, data] = url.endsWith('user/erasure-request')
      ? [request.status, request.data]
      : [200, affiliateProfile];
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR', config, {}, response);
    return response;
  };
}

beforeEach(() => {
  localStorage.clear();
  setScreenWidth(1280);
});

describe('Erase My Data on the profile (issue 48)', () => {
  it('asks first; Cancel sends nothing; Send Request sends it and says it went to the administrators', async () => {
    const asked: string[] = [];
    serve({ status: 200, data: { message: SENT } }, asked);
    renderApp('/profile', demoSession('Affiliate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to Erase My Data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send Request' })).toBeNull());
    expect(asked.filter((call) => call.includes('erasure-request'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Ask to Erase My Data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(asked.filter((call) => call.includes('erasure-request'))).toEqual(['post user/erasure-request']);
    expect((screen.getByRole('button', { name: 'Ask to Erase My Data' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failure is an alert, and trying again works', async () => {
    serve({ status: 500, data: { message: 'Something went wrong. Please try again.' } });
    renderApp('/profile', demoSession('Affiliate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to Erase My Data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Request' }));
    const failed = await screen.findByText('Your request could not be sent. Please try again.');
    expect(failed.getAttribute('role')).toBe('alert');
    serve({ status: 200, data: { message: SENT } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to Erase My Data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
  });

  it('staff have no such section', async () => {
    serve({ status: 404, data: { message: 'none' } });
    renderApp('/profile', demoSession('Backoffice'));
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Erase My Data' })).toBeNull();
  });
});
