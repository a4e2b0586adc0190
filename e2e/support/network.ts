import type { Page, Request } from '@playwright/test';

/** Every request the page makes from now on, by URL path (query kept). */
export function recordRequests(page: Page): { paths: () => string[] } {
  const seen: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    seen.push(url.pathname + url.search);
  };
  page.on('request', listener);
  return { paths: () => [...seen] };
}

/** CSP refusals the page logs ("Refused to load ..."): the policy must allow all the portal loads. */
export function recordCspViolations(page: Page): { messages: () => string[] } {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) messages.push(message.text());
  });
  return { messages: () => [...messages] };
}
