import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, startGateway } from '../support/gateway';
import type { RunningGateway } from '../support/gateway';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { buildRemoteCopy, markEveryPage } from '../support/rebuild-remote';

/** Hash of every file of a folder: equal before and after means nothing in it changed. */
function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) =>
    path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)),
  )) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(dir, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

test.describe('independent deploy', () => {
  // Builds a remote: slow on two cores.
  test.setTimeout(300_000);
  let gateway: RunningGateway;
  let scratch: string;

  test.beforeAll(async () => {
    // Its own gateway and web folder: the redeploy must not change what the other journeys see.
    gateway = await startGateway();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-redeploy-'));
  });
  test.afterAll(async () => {
    await gateway?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('a rebuilt admin remote, deployed to its folder, is served to the running portal; the shell is untouched', async ({
    browser,
  }) => {
    const marker = `Redeployed admin build ${Date.now()}`;
    const shellBefore = folderDigest(path.join(gateway.webRoot, 'shell'));
    const context = await browser.newContext({ baseURL: gateway.url });
    const page = await context.newPage();

    await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(marker)).toHaveCount(0);

    const dist = buildRemoteCopy('mfe-admin', scratch, (src) => markEveryPage(src, marker));
    const deploy = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'scripts', 'deploy-web.mjs'),
        '--web-root',
        gateway.webRoot,
        '--source',
        dist,
        'mfe-admin',
      ],
      { encoding: 'utf8' },
    );
    expect(deploy.status, deploy.stderr).toBe(0);

    // The next page load picks the new remote up: same gateway process, same shell files.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: marker })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: marker })).toBeVisible();

    expect(folderDigest(path.join(gateway.webRoot, 'shell'))).toBe(shellBefore);
    expect(() => process.kill(gateway.pid, 0), 'the gateway was not restarted').not.toThrow();
    const health = await page.request.get('/api/health');
    expect(health.ok()).toBe(true);
    await context.close();
  });
});
