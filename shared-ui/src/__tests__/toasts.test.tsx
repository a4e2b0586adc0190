import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import type { LoginResponse } from '@portal/contracts';
import { useSessionStore } from '../session-store';
import { AUTH_TOAST_EXTENDED_MS, ToastHost, appToastConfig, authToastConfig, notify } from '../toasts';

const signedIn: LoginResponse = {
  roleID: 1,
  userRole: 'Admin',
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  forcePasswordUpdate: false,
  userRights: ['dashboard'],
  token: 't',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

/** Lets react-toastify's queued state updates render. */
async function flush() {
  await act(async () => {
    jest.advanceTimersByTime(10);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  useSessionStore.getState().signOut();
});
afterEach(() => {
  act(() => toast.dismiss());
  jest.useRealTimers();
});

describe('toast configurations (spec §9)', () => {
  it('registration/login screens: 5000 ms, top right, fade, newest first, click dismisses', () => {
    expect(authToastConfig).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      newestOnTop: true,
      closeOnClick: true,
    });
    expect(authToastConfig.transition).toBeDefined();
    expect(AUTH_TOAST_EXTENDED_MS).toBe(1000);
  });

  it('signed-in screens: 10 seconds, bottom right, close button', () => {
    expect(appToastConfig).toMatchObject({ position: 'bottom-right', autoClose: 10_000, closeButton: true });
  });
});

describe('notify', () => {
  it('without a session shows the toast top right', async () => {
    const { container } = render(<ToastHost />);
    act(() => {
      notify.error('Invalid email or password.');
    });
    await flush();
    const shown = screen.getByText('Invalid email or password.');
    expect(shown.closest('.Toastify__toast-container')).toHaveProperty(
      'className',
      expect.stringContaining('Toastify__toast-container--top-right'),
    );
    expect(container).toBeTruthy();
  });

  it('with a session shows it bottom right, with a close button, and never twice at once', async () => {
    useSessionStore.getState().signIn(signedIn);
    render(<ToastHost />);
    act(() => {
      notify.success('Saved.');
      notify.success('Saved.');
    });
    await flush();
    const shown = screen.getAllByText('Saved.');
    expect(shown).toHaveLength(1);
    const toastElement = shown[0].closest('.Toastify__toast') as HTMLElement;
    expect(toastElement.closest('.Toastify__toast-container')?.className).toContain('--bottom-right');
    expect(toastElement.querySelector('.Toastify__close-button')).not.toBeNull();
  });

  it('login-screen toasts may repeat (no de-duplication there)', async () => {
    render(<ToastHost />);
    act(() => {
      notify.info('Check your email.');
      notify.info('Check your email.');
    });
    await flush();
    expect(screen.getAllByText('Check your email.')).toHaveLength(2);
  });

  it('a hovered login-screen toast closes 1000 ms after the pointer leaves', async () => {
    render(<ToastHost />);
    act(() => {
      notify.error('Hover me');
    });
    await flush();
    const toastElement = screen.getByText('Hover me').closest('.Toastify__toast') as HTMLElement;
    act(() => {
      toastElement.dispatchEvent(new MouseEvent('mouseenter'));
      toastElement.dispatchEvent(new MouseEvent('mouseleave'));
    });
    await act(async () => {
      jest.advanceTimersByTime(AUTH_TOAST_EXTENDED_MS - 50);
    });
    expect(toastElement.className).not.toContain('portal-toast-fade-out');
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    // Closing plays the 300 ms fade-out (jsdom runs no CSS animations, so the element stays).
    expect(toastElement.className).toContain('portal-toast-fade-out');
  });
});
