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

/** The CSS variable holding how far the bottom toasts reach up from the bottom of the window, in px. */
export const TOAST_CLEARANCE_VARIABLE = '--portal-toast-clearance';
const BOTTOM_CONTAINERS =
  '.Toastify__toast-container--bottom-right, .Toastify__toast-container--bottom-center';

const CONTROLS = 'button, a[href], input, select, textarea';

/** How far `element` reaches under any of the toast boxes (0 when it is clear of them all). */
function overlap(element: Element, toasts: DOMRect[]): number {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return 0;
  return Math.max(
    0,
    ...toasts
      .filter((t) => box.right > t.left && box.left < t.right && box.bottom > t.top && box.top < t.bottom)
      .map((t) => box.bottom - t.top),
  );
}

/**
 * Keeps the page's last control clear of a bottom toast (on a phone the toast spans the width, where the last
 * button of a form is): while toasts are shown the page may scroll that much further (`toasts.css` pads the body
 * and sets scroll-padding by the variable); the control just used, if a toast now covers it, is scrolled above
 * the toast, and so is the page's last control when the page is at its end.
 */
export function keepClearOfToasts(): void {
  const root = document.documentElement;
  const toasts = Array.from(document.querySelectorAll(BOTTOM_CONTAINERS))
    .filter((container) => container.childElementCount > 0)
    .map((container) => container.getBoundingClientRect());
  const top = Math.min(...toasts.map((box) => box.top));
  const clearance = toasts.length > 0 ? Math.max(0, Math.ceil(window.innerHeight - top)) : 0;
  const atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 2;
  root.style.setProperty(TOAST_CLEARANCE_VARIABLE, `${clearance}px`);
  if (clearance === 0) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest('.Toastify')) {
    if (overlap(active, toasts) > 0) {
      active.scrollIntoView({ block: 'nearest' });
      return;
    }
  }
  if (!atEnd) return;
  const controls = Array.from(document.querySelectorAll(CONTROLS)).filter(
    (control) => !control.closest('.Toastify') && control.getClientRects().length > 0,
  );
  const last = controls[controls.length - 1];
  const hidden = last ? overlap(last, toasts) : 0;
  if (hidden > 0) window.scrollBy({ top: hidden + 8 });
}

function useToastClearance(): void {
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      // After React has drawn (or removed) the toast.
      frame = requestAnimationFrame(keepClearOfToasts);
    };
    const unsubscribe = toast.onChange(measure);
    const resized = () => measure();
    window.addEventListener('resize', resized);
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resized);
      document.documentElement.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
    };
  }, []);
}

/** Both containers live side by side (different corners); each toast goes to the one for the current screen. */
export function ToastHost() {
  useToastClearance();
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
