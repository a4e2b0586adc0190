import { useEffect, useRef } from 'react';
import { ToastContainer, cssTransition, toast } from 'react-toastify';
import type { Id, ToastContainerProps, ToastContentProps, TypeOptions } from 'react-toastify';
import { useSessionStore } from './session-store';
import './toasts.css';

export const AUTH_TOAST_CONTAINER = 'auth';
export const APP_TOAST_CONTAINER = 'app';

const FADE_MS = 300;
/** ngx-toastr's "extended time-out": after the pointer leaves a hovered toast it closes this much later. */
export const AUTH_TOAST_EXTENDED_MS = 1000;

export const Fade = cssTransition({
  enter: 'portal-toast-fade-in',
  exit: 'portal-toast-fade-out',
  collapseDuration: FADE_MS,
});

/** Spec §9, registration/login screens: 5000 ms, extended 1000 ms, top right, fade 300 ms, newest first, click dismisses. */
export const authToastConfig = {
  containerId: AUTH_TOAST_CONTAINER,
  position: 'top-right',
  autoClose: 5000,
  transition: Fade,
  newestOnTop: true,
  closeOnClick: true,
  pauseOnHover: true,
  closeButton: false,
} as const satisfies ToastContainerProps;

/** Spec §9, signed-in screens: 10 seconds, bottom right, no duplicates, close button. */
export const appToastConfig = {
  containerId: APP_TOAST_CONTAINER,
  position: 'bottom-right',
  autoClose: 10_000,
  closeButton: true,
  closeOnClick: false,
  pauseOnHover: true,
} as const satisfies ToastContainerProps;

/** Both containers live side by side (different corners); each toast goes to the one for the current screen. */
export function ToastHost() {
  return (
    <>
      <ToastContainer {...authToastConfig} aria-label="Notifications" />
      <ToastContainer {...appToastConfig} aria-label="Notifications" />
    </>
  );
}

type ExtendedMessageProps = Partial<ToastContentProps> & { message: string };

function ExtendedTimeoutMessage({ message, closeToast }: ExtendedMessageProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const toastElement = ref.current?.closest('.Toastify__toast');
    if (!toastElement || !closeToast) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEnter = () => clearTimeout(timer);
    const onLeave = () => {
      clearTimeout(timer);
      timer = setTimeout(() => closeToast(), AUTH_TOAST_EXTENDED_MS);
    };
    toastElement.addEventListener('mouseenter', onEnter);
    toastElement.addEventListener('mouseleave', onLeave);
    return () => {
      clearTimeout(timer);
      toastElement.removeEventListener('mouseenter', onEnter);
      toastElement.removeEventListener('mouseleave', onLeave);
    };
  }, [closeToast]);
  return <span ref={ref}>{message}</span>;
}

type NotifyType = Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>;

/** Signed-in screens are the ones shown with a stored session; everything else is a registration/login screen. */
function isSignedInScreen(): boolean {
  return useSessionStore.getState().userDetails !== null;
}

function show(type: NotifyType, message: string): Id {
  if (isSignedInScreen()) {
    // One toast per type and text: repeating it while it is shown does nothing (no duplicates).
    const toastId = `${type}:${message}`;
    if (toast.isActive(toastId, APP_TOAST_CONTAINER)) return toastId;
    return toast(message, { type, toastId, containerId: APP_TOAST_CONTAINER });
  }
  return toast((props: ToastContentProps) => <ExtendedTimeoutMessage {...props} message={message} />, {
    type,
    containerId: AUTH_TOAST_CONTAINER,
  });
}

/** Toasts with the configuration of the current screen (spec §9). */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
