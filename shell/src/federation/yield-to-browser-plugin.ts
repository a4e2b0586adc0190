import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type YieldingScheduler = { yield?: () => Promise<void> };

/** Resolves in a later task, so the browser can paint and answer input in between. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The federation runtime resolves a page's shared modules and remotes in promise chains that never wait for the
 * network once the scripts are cached or small: every `loadShare` of a chunk (React, the router, the shared
 * library, each with its own version check and script tags) then ran in one task of ~90 ms on a mid-range
 * machine, 300 ms on Lighthouse's phone (issue 26's Total Blocking Time). Waiting for a new task before each
 * shared module and each remote step splits that work into tasks of a few milliseconds each; the order and the
 * result are the runtime's own.
 */
export default function yieldToBrowserPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-yield-to-browser',
    async beforeLoadShare(args) {
      await yieldToBrowser();
      return args;
    },
    async afterResolve(args) {
      await yieldToBrowser();
      return args;
    },
    async beforeInitContainer(args) {
      await yieldToBrowser();
      return args;
    },
  };
}
