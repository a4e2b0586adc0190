import type { Page } from '@playwright/test';

/**
 * The shared modules (DESIGN §3) the page has loaded so far, by package name, read from the Module
 * Federation runtime's share scope (`__FEDERATION__.__SHARE__`, where each version records `loaded`).
 */
export function loadedSharedModules(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type ShareScopes = Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>>;
    const share = (window as unknown as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__
      ?.__SHARE__;
    const loaded = new Set<string>();
    for (const scopes of Object.values(share ?? {}))
      for (const packages of Object.values(scopes))
        for (const [name, versions] of Object.entries(packages))
          if (Object.values(versions).some((version) => version.loaded)) loaded.add(name);
    return [...loaded].sort();
  });
}
