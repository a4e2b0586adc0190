import { useCallback, useEffect, useRef, useState } from 'react';
import type { DependencyList } from 'react';

/** What a screen shows for data it loads: a spinner, an error with Retry, or the data. */
export type LoadState = 'loading' | 'error' | 'ready';

export interface Loaded<T> {
  state: LoadState;
  /** The answer once ready; kept while a reload() runs, so a list does not blank out while refreshing. */
  data: T | undefined;
  /** What the loader threw, when state is 'error' (the HTTP client has already shown its toast). */
  error: unknown;
  /** Runs the loader again with the same inputs (Retry, or after a change the screen made). */
  reload(): void;
}

export interface LoadOptions {
  /** false: nothing is loaded (e.g. a modal that is closed); state stays 'loading'. Default true. */
  enabled?: boolean;
  /** Keep the previous answer while loading for new inputs too (a list's next page), not only on reload(). */
  keepPreviousData?: boolean;
}

interface Snapshot<T> {
  state: LoadState;
  data: T | undefined;
  error: unknown;
}

/**
 * Loads data for a screen: runs `load` when it mounts and whenever `deps` change, cancels the previous run
 * (its AbortSignal is aborted on unmount and on every new run) and never sets state from a cancelled one.
 * `load` may change every render; only `deps` decide when it runs again, as with useEffect.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { enabled = true, keepPreviousData = false }: LoadOptions = {},
): Loaded<T> {
  const [snapshot, setSnapshot] = useState<Snapshot<T>>({ state: 'loading', data: undefined, error: undefined });
  const [reloads, setReloads] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const lastReloads = useRef(reloads);

  useEffect(() => {
    if (!enabled) return undefined;
    const isReload = lastReloads.current !== reloads;
    lastReloads.current = reloads;
    const controller = new AbortController();
    setSnapshot((previous) => ({
      state: 'loading',
      data: isReload || keepPreviousData ? previous.data : undefined,
      error: undefined,
    }));
    latestLoad.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSnapshot({ state: 'ready', data, error: undefined });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSnapshot((previous) => ({ ...previous, state: 'error', error }));
      },
    );
    return () => controller.abort();
    // `deps` stand for what `load` reads, as in useEffect; the caller's lint checks them (additionalHooks).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, keepPreviousData, reloads, ...deps]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { ...snapshot, reload };
}
