import { fireEvent, screen } from '@testing-library/react';
import { AxiosError } from 'axios';
import type { AxiosAdapter } from 'axios';
import type { ProfileResponse } from '@portal/contracts';
import { httpClient } from '@portal/shared-ui';
import { demoSession, renderApp, setScreenWidth } from '../../../../../test-support/render-app';
import { personalFields } from '../profile-page';

const affiliateProfile: ProfileResponse = {
  fullName: 'Amaka Obi',
  email: 'affiliate@example.com',
  phoneCode: '+234',
  mobileNumber: '8031234567',
  identityType: 'BVN',
  // Masked by the server (issue 29); Show asks user/profile/numbers.
  ninOrBVN: '••••••••476',
  bankInfo: { bankName: 'Access Bank', accountNumber: '•••••••789' },
};

function answer(status: number, data: unknown) {
  const adapter: AxiosAdapter = async (config) => {
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR', config, {}, response);
    return response;
  };
  httpClient.defaults.adapter = adapter;
}

beforeEach(() => {
  localStorage.clear();
  setScreenWidth(1280);
});

describe('personalFields', () => {
  it('joins phone code and mobile, and names the identity by its type', () => {
    expect(personalFields(affiliateProfile)).toEqual([
      { label: 'Full Name', value: 'Amaka Obi' },
      { label: 'Email', value: 'affiliate@example.com' },
      { label: 'Mobile Number', value: '+234 8031234567' },
      { label: 'BVN', value: '••••••••476', masked: 'ninOrBVN' },
    ]);
  });
  it('leaves out the identity unless both type and number exist', () => {
    const fields = personalFields({ ...affiliateProfile, ninOrBVN: null, mobileNumber: null });
    expect(fields.map((field) => field.label)).toEqual(['Full Name', 'Email']);
  });
});

describe('profile page', () => {
  it('shows personal and banking information read-only', async () => {
    answer(200, affiliateProfile);
    renderApp('/profile', demoSession('Affiliate'));
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(screen.getByText('Amaka Obi')).toBeTruthy();
    expect(screen.getByText('+234 8031234567')).toBeTruthy();
    expect(screen.getByText('••••••••476')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Banking Information' })).toBeTruthy();
    expect(screen.getByText('Access Bank')).toBeTruthy();
    expect(screen.getByText('•••••••789')).toBeTruthy();
    expect(screen.queryByText('0123456789')).toBeNull();
    expect(document.querySelector('main input')).toBeNull();
  });

  it("Show asks for the affiliate's own numbers and shows both; Hide masks them again", async () => {
    const asked: string[] = [];
    httpClient.defaults.adapter = async (config) => {
      asked.push(String(config.url));
      const data = String(config.url).endsWith('user/profile/numbers')
        ? { ninOrBVN: '22150938476', accountNumber: '0123456789' }
        : affiliateProfile;
      return { data, status: 200, statusText: '', headers: {}, config };
    };
    renderApp('/profile', demoSession('Affiliate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Show Account Number' }));
    expect(await screen.findByText('0123456789')).toBeTruthy();
    expect(screen.getByText('22150938476')).toBeTruthy();
    expect(asked.filter((url) => url.endsWith('user/profile/numbers'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Hide BVN' }));
    expect(screen.queryByText('22150938476')).toBeNull();
    expect(screen.getByText('••••••••476')).toBeTruthy();
  });

  it('has no banking section for staff', async () => {
    answer(200, {
      ...affiliateProfile,
      identityType: null,
      ninOrBVN: null,
      bankInfo: null,
      email: 'admin@example.com',
    });
    renderApp('/profile', demoSession('Admin'));
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Banking Information' })).toBeNull();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    answer(500, { message: 'Database unavailable.' });
    renderApp('/profile', demoSession('Admin'));
    expect(await screen.findByText('Your profile could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('Database unavailable.')).toBeTruthy();
    answer(200, affiliateProfile);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
  });
});

describe('Change Password on the profile', () => {
  it('leads to update-password, even while the profile could not be loaded', async () => {
    answer(500, { message: 'Something went wrong.' });
    const { router } = renderApp('/profile', demoSession('Affiliate'));
    fireEvent.click(await screen.findByRole('link', { name: 'Change Password' }));
    expect(router.state.location.pathname).toBe('/update-password');
  });
});
