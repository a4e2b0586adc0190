import { useCallback } from 'react';

/**
 * The first paint the gateway put inside `#root` for this page (`<div data-first-paint="/login">`: the page's
 * heading and frame as static HTML, made by the remote's build). React empties `#root` when it first renders;
 * the remote page's loading state puts this very element back in the same commit, so the phone keeps showing
 * it, unmoved, until the real page replaces it. Used once: later loads show the spinner.
 */
let held: { path: string; element: HTMLElement } | null = null;

/** Keeps the first paint found in the container (call before `createRoot(container).render`). */
export function holdFirstPaint(container: HTMLElement): void {
  const element = container.querySelector<HTMLElement>(':scope > [data-first-paint]');
  const path = element?.dataset.firstPaint;
  held = element && path ? { path, element } : null;
}

/** The held first paint when it was made for `path` (`/login`) and the browser is still there. */
export function firstPaintFor(path: string): HTMLElement | null {
  if (!held || held.path !== path || window.location.pathname.replace(/\/$/, '') !== path) return null;
  return held.element;
}

/** Forgets the first paint once its page (or that page's error) is on screen. */
export function releaseFirstPaint(): void {
  held = null;
}

/** Shows the held element in place (display: contents: the wrapper adds no box). */
export function FirstPaint({ element }: { element: HTMLElement }) {
  const adopt = useCallback(
    (wrapper: HTMLDivElement | null) => {
      if (wrapper && element.parentElement !== wrapper) wrapper.appendChild(element);
      // Unmounted: the page (or its error) is on screen.
      if (!wrapper) releaseFirstPaint();
    },
    [element],
  );
  return <div ref={adopt} style={{ display: 'contents' }} />;
}
