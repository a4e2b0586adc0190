import { defineConfig } from '@playwright/test';

/** Debian's Chromium (DESIGN §7): `playwright install` cannot download a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The selfie step captures from a fake camera without a permission prompt.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

export default defineConfig({
  testDir: './tests',
  // Starts `node api-gateway/dist/server.js` on a free port with a fresh DATA_DIR; stops it at the end.
  globalSetup: './global-setup.ts',
  outputDir: '../test-results/e2e',
  // Budgets against a hang, not speed targets: on the busy two-core CI machine the longest journeys took 87 s of
  // 90 and a single fill several seconds (issue 25: no test may fail because the machine is busy).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // Two cores in CI: two browsers at most.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    // Set by the global setup before the workers start.
    baseURL: process.env.PORTAL_URL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps its trace: every action with the page's DOM before and after it. Without the screencast
    // (a frame a moment, ~5 % of the suite's time): the failure's screenshot and the DOM snapshots show the page.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
});
