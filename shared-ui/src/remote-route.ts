import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * One route a remote offers the shell: the default export of every remote's `./routes` module is a list of
 * these. The shell's router owns the URL and the guard; the remote only says what to render there.
 */
export interface RemoteRouteDefinition {
  /** Route path without a leading slash, as the spec writes it, e.g. `admin/users`. */
  path: string;
  /** Page title, shown in the browser tab. */
  title: string;
  /** Pages are lazily imported inside the remote, so the routes module itself stays tiny. */
  Component: LazyExoticComponent<ComponentType> | ComponentType;
  /**
   * Starts what the page needs first (its file, its first data) when a visit opens on it, while the shell's
   * layout is still loading (issue 51: the affiliate's Payouts page on a budget phone). Must stay quiet: a call
   * the page then makes itself reports any failure.
   */
  prefetch?: () => void;
}
