import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { REPO_ROOT, startGateway } from '../support/gateway';
import type { RunningGateway } from '../support/gateway';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { buildAppAtCommit, previousCommitOf } from '../support/rebuild-remote';

// Version skew (issue 14): teams deploy the shell and each remote on their own, so the portal runs a remote
// built from an older commit under today's shell and shared-ui, and the reverse. Each test has its own
// gateway and web folder (a copy of the build), so the other journeys never see the mixed deployment.

function deploy(gateway: RunningGateway, app: string, dist: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts', 'deploy-web.mjs'), '--web-root', gateway.webRoot, '--source', dist, app],
    { encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
}

async function adminSeesDashboardAndNotifications(browser: Browser, gateway: RunningGateway) {
  const context = await browser.newContext({ baseURL: gateway.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Totals' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Notifications' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('This section is unavailable')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
}

test.describe('version skew between the shell and a remote', () => {
  // Builds one app from an older commit: slow on two cores.
  test.setTimeout(360_000);
  let scratch: string;
  test.beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-skew-'));
  });
  test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('the admin remote of the previous commit of mfe-admin runs under the current shell and shared-ui', async ({
    browser,
  }) => {
    const gateway = await startGateway();
    try {
      deploy(gateway, 'mfe-admin', buildAppAtCommit('mfe-admin', previousCommitOf('mfe-admin'), scratch));
      await adminSeesDashboardAndNotifications(browser, gateway);
    } finally {
      await gateway.stop();
    }
  });

  test('the shell of the previous commit of shell/ runs the current remotes', async ({ browser }) => {
    const gateway = await startGateway();
    try {
      deploy(gateway, 'shell', buildAppAtCommit('shell', previousCommitOf('shell'), scratch));
      await adminSeesDashboardAndNotifications(browser, gateway);
    } finally {
      await gateway.stop();
    }
  });

  test('a remote whose shared singleton cannot be satisfied shows why in "This section is unavailable"', async ({
    browser,
  }) => {
    const gateway = await startGateway();
    try {
      // What a remote built against a React the shell does not have, and unwilling to run on another
      // (strictVersion), declares. The deployed entry is edited in place: no build needed.
      const entry = path.join(gateway.webRoot, 'remotes', 'admin', 'remoteEntry.js');
      const source = readFileSync(entry, 'utf8');
      const react = /requiredVersion:"\^[\d.]+",strictVersion:!1,(eager:!1,layer:void 0,shareKey:"react"\})/;
      expect(source, 'the react consume entry of remoteEntry.js changed shape').toMatch(react);
      const edited = source.replace(react, 'requiredVersion:"^99.0.0",strictVersion:!0,$1');
      writeFileSync(entry, edited);
      writeFileSync(`${entry}.gz`, gzipSync(edited));

      const context = await browser.newContext({ baseURL: gateway.url });
      const page = await context.newPage();
      await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
      await expect(page).toHaveURL(/\/admin-dashboard$/);
      const section = page.getByRole('alert').filter({ hasText: 'This section is unavailable' });
      await expect(section).toBeVisible();
      await expect(section).toContainText('react');
      await expect(section).toContainText('^99.0.0');
      // The layout around it is drawn: not a blank page.
      await expect(
        page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }),
      ).toBeVisible();
      await context.close();
    } finally {
      await gateway.stop();
    }
  });
});
