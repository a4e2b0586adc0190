import { fireEvent, screen } from '@testing-library/react';
import { AxiosError } from 'axios';
import { SecondFactorMessages } from '@portal/contracts';
import type { ProfileResponse } from '@portal/contracts';
import { httpClient, useSessionStore } from '@portal/shared-ui';
import { demoSession, renderApp, setScreenWidth } from '../../../../../test-support/render-app';

// Issue 26, item 10: Retry only where another try can succeed. The staff profile's Two-Step Sign-In section.
const adminProfile: ProfileResponse = {
  fullName: 'Ada Admin',
  email: 'admin@example.com',
  phoneCode: '+234',
  mobileNumber: '8031234567',
  identityType: null,
  ninOrBVN: null,
  bankInfo: null,
};

/** The profile answers; the second factor's status answers `status` with `data`. */
function serve(status: number, data: unknown) {
  httpClient.defaults.adapter = async (config) => {
    const url = String(config.url);
    const [code, body] = url.endsWith('user/second-factor') ? [status, data] : [200, adminProfile];
    const response = { data: body, status: code, statusText: '', headers: {}, config };
    if (code >= 400) throw new AxiosError('failed', 'ERR', config, {}, response);
    return response;
  };
}

beforeEach(() => {
  localStorage.clear();
  setScreenWidth(1280);
});

describe('Two-Step Sign-In on the profile, when its status cannot be loaded', () => {
  it('a refusal that another try cannot change says why, with no Retry', async () => {
    serve(403, { message: 'Please update your password first.' });
    renderApp('/profile', demoSession('Admin'));
    const failed = await screen.findByText(/^Two-step sign-in could not be loaded\./);
    expect(failed.textContent).toContain('Please update your password first.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a failure that may pass (a 503) offers Retry, and Retry loads it', async () => {
    serve(503, { message: 'The portal is busy.' });
    renderApp('/profile', demoSession('Admin'));
    expect(await screen.findByText('Two-step sign-in could not be loaded.')).toBeTruthy();
    serve(200, { enrolled: false, required: false, recoveryCodesLeft: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeTruthy();
  });
});

describe('Two-Step Sign-In on the profile, turned off with a wrong code', () => {
  it('says so under the field once, no toast, and the user stays signed in on the profile', async () => {
    httpClient.defaults.adapter = async (config) => {
      const url = String(config.url);
      const [code, body] = url.endsWith('user/second-factor/remove')
        ? [401, { message: SecondFactorMessages.codeWrong }]
        : url.endsWith('user/second-factor')
          ? [200, { enrolled: true, required: false, recoveryCodesLeft: 10 }]
          : [200, adminProfile];
      const response = { data: body, status: code, statusText: '', headers: {}, config };
      if (code >= 400) throw new AxiosError('failed', 'ERR', config, {}, response);
      return response;
    };
    renderApp('/profile', demoSession('Backoffice'));
    fireEvent.change(await screen.findByLabelText('Code from the app, or a recovery code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const said = await screen.findByRole('alert');
    expect(said.textContent).toBe(SecondFactorMessages.codeWrong);
    expect(screen.getAllByText(SecondFactorMessages.codeWrong)).toHaveLength(1);
    expect(screen.queryByText('Unauthorized request - 401')).toBeNull();
    expect(useSessionStore.getState().token).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Two-Step Sign-In' })).toBeTruthy();
  });
});
