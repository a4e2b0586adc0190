import { fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { ADMIN_RIGHTS } from '@portal/contracts';
import { LoadFailed } from '../load-failed';
import { setNavigator } from '../../navigation';
import { useSessionStore } from '../../session-store';

const navigate = jest.fn();

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

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  useSessionStore.getState().signIn({
    roleID: 1,
    userRole: 'Admin',
    email: 'admin@example.com',
    fullName: 'Ada Admin',
    forcePasswordUpdate: false,
    userRights: [...ADMIN_RIGHTS],
    token: 'token',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
});
afterEach(() => {
  setNavigator(null);
  useSessionStore.getState().signOut();
});

describe('LoadFailed', () => {
  it.each([
    ['no answer (network down, timeout)', httpFailure()],
    ['a 500', httpFailure(500, 'Something went wrong.')],
    ['a 503', httpFailure(503, 'The portal is busy.')],
    ['a 429', httpFailure(429, 'Too many requests.')],
  ])('offers Retry after %s', (_, error) => {
    const onRetry = jest.fn();
    render(<LoadFailed message="The orders could not be loaded." onRetry={onRetry} error={error} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it.each([
    ['a 403', httpFailure(403, 'You do not have access to this.'), 'You do not have access to this.'],
    ['a 404', httpFailure(404, 'Affiliate not found.'), 'Affiliate not found.'],
  ])('after %s: no Retry, the reason, and Go Home instead', (_, error, reason) => {
    render(<LoadFailed message="The details could not be loaded." onRetry={jest.fn()} error={error} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(reason);
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(navigate).toHaveBeenCalledWith('/admin-dashboard');
  });

  it('without the error it keeps Retry (callers that do not say why)', () => {
    render(<LoadFailed message="The dashboard could not be loaded." onRetry={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
