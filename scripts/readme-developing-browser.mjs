#!/usr/bin/env node
// Opens a development server's page in Debian's Chromium as a developer would, for scripts/readme-developing-test.sh:
//   node scripts/readme-developing-browser.mjs portal http://localhost:3000
//     the whole portal (`npm run dev`): the shell loads the auth remote from its dev server and shows Sign In;
//   node scripts/readme-developing-browser.mjs standalone http://localhost:3002 admin@example.com
//     one remote on its own dev server: its dev session signs in (the demo admin's authenticator code included)
//     and its first page shows its heading; a second browser opened at once is signed in too.
// Development bundles are large and unminified: each wait allows minutes on a busy two-core machine, the page's
// load event included (Playwright's own 30 s would fail a busy run).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(path.join(root, 'e2e', 'package.json'))('@playwright/test');
const [kind, url, account] = process.argv.slice(2);
const WAIT_MS = Number(process.env.WAIT_MS ?? 180_000);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (kind === 'portal') {
    await page.goto(`${url}/login`, { timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: WAIT_MS });
  } else if (kind === 'standalone') {
    await page.goto(`${url}/`, { timeout: WAIT_MS });
    const frame = page.getByRole('navigation', { name: /pages$/ });
    await frame.getByText(account, { exact: true }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT_MS });
    // A second browser (a private window) at once, within the same 30 s: the dev server's one session, not a
    // second sign-in refused the authenticator code the first used (issue 53).
    const second = await (await browser.newContext()).newPage();
    second.on('pageerror', (error) => errors.push(error.message));
    await second.goto(`${url}/`, { timeout: WAIT_MS });
    await second
      .getByRole('navigation', { name: /pages$/ })
      .getByText(account, { exact: true })
      .waitFor({ timeout: WAIT_MS });
  } else {
    throw new Error(`Unknown kind "${kind}": portal or standalone.`);
  }
  if (errors.length) throw new Error(`The page threw: ${errors.join('; ')}`);
  console.log(`${kind} at ${url}: shown`);
} catch (error) {
  console.error(`${kind} at ${url}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  const shown = await browser
    .contexts()[0]
    ?.pages()[0]
    ?.innerText('body')
    .catch(() => '');
  console.error(`The page showed: ${(shown ?? '').replace(/\s+/g, ' ').slice(0, 500) || '(nothing)'}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
