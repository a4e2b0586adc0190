import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../seed/demo-accounts';

/**
 * Issue 53: a standalone remote's dev session (webpack/standalone/dev-session.cjs, run by the remote's dev server)
 * against a real gateway. A second browser, or a private window, within the same 30 s as the first sign-in was
 * refused the authenticator code the first had used; now every browser gets the dev server's one session, and
 * a new sign-in never sends a code twice. The gateway's one-use rule for codes is unchanged (second-factor tests).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createDevSessions } = require('../../../webpack/standalone/dev-session.cjs') as {
  createDevSessions(options: {
    gatewayUrl: string;
    now?: () => number;
    wait?: (ms: number) => Promise<void>;
  }): { session(account: object): Promise<{ token: string; email: string }> };
};

const ADMIN = {
  userName: DEMO_ACCOUNTS.admin.email,
  password: DEMO_ACCOUNTS.admin.password,
  totpSecret: DEMO_ACCOUNTS.admin.totpSecret,
};

let t: TestApp;
let server: http.Server;
let gatewayUrl: string;
// One clock for the gateway and the dev server, stopped inside one 30-second step.
let clock = Date.parse('2026-12-07T10:00:05Z');
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
  t.ctx.now = () => new Date(clock);
  server = http.createServer(t.app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  await t.close();
});

const profile = (token: string) =>
  fetch(`${gatewayUrl}/api/user/profile`, { headers: { Authorization: `Bearer ${token}` } });

test('two browsers at once and a private window a moment later, within one 30 s step, all get a session', async () => {
  const sessions = createDevSessions({ gatewayUrl, now: () => clock });
  const [first, second] = await Promise.all([sessions.session(ADMIN), sessions.session(ADMIN)]);
  const third = await sessions.session(ADMIN);
  expect(first.email).toBe(ADMIN.userName);
  expect(second.token).toBe(first.token);
  expect(third.token).toBe(first.token);
  expect((await profile(first.token)).status).toBe(200);
});

test('a session signed out in one browser is replaced, in the same step, with the next code', async () => {
  clock += 60_000;
  const waits: number[] = [];
  const sessions = createDevSessions({
    gatewayUrl,
    now: () => clock,
    wait: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
  });
  const first = await sessions.session(ADMIN);
  const out = await fetch(`${gatewayUrl}/api/login/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${first.token}` },
  });
  expect(out.status).toBe(200);
  expect((await profile(first.token)).status).toBe(401);

  const second = await sessions.session(ADMIN);
  expect(second.token).not.toBe(first.token);
  expect((await profile(second.token)).status).toBe(200);
  expect(waits).toEqual([]);

  // A third sign-in in the same step: both codes the gateway would take are used; it waits for the next step.
  await fetch(`${gatewayUrl}/api/login/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${second.token}` },
  });
  const third = await sessions.session(ADMIN);
  expect((await profile(third.token)).status).toBe(200);
  expect(waits).toHaveLength(1);
});

test('a code used elsewhere first (an authenticator app in the portal) is followed by the next one', async () => {
  clock += 60_000;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { totpCode } = require('../../../webpack/standalone/dev-session.cjs') as {
    totpCode(secret: string, step: number): string;
  };
  const login = await fetch(`${gatewayUrl}/api/login/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: ADMIN.userName, password: ADMIN.password }),
  });
  const { challenge } = (await login.json()) as { challenge: string };
  const used = await fetch(`${gatewayUrl}/api/login/second-factor`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ challenge, code: totpCode(ADMIN.totpSecret, Math.floor(clock / 30_000)) }),
  });
  expect(used.status).toBe(200);

  const session = await createDevSessions({ gatewayUrl, now: () => clock }).session(ADMIN);
  expect((await profile(session.token)).status).toBe(200);
});

test('the failure says what happened: a gateway that does not answer, or one that refuses the account', async () => {
  const down = createDevSessions({ gatewayUrl: 'http://127.0.0.1:9', now: () => clock });
  await expect(down.session(ADMIN)).rejects.toMatchObject({
    kind: 'unreachable',
    message: 'The gateway at http://127.0.0.1:9 does not answer.',
  });
  const refused = createDevSessions({ gatewayUrl, now: () => clock });
  await expect(refused.session({ ...ADMIN, password: 'Wrong@12345' })).rejects.toMatchObject({
    kind: 'refused',
  });
});

test("the dev server's route answers every page the same session, and the failure with its kind", async () => {
  clock += 60_000;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { devSessionMiddleware } = require('../../../webpack/standalone/dev-session.cjs') as {
    devSessionMiddleware(options: { gatewayUrl: string; now?: () => number }): {
      path: string;
      middleware(req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void;
    };
  };
  const route = devSessionMiddleware({ gatewayUrl, now: () => clock });
  expect(route.path).toBe('/__dev-session');
  const devServer = http.createServer((req, res) =>
    route.middleware(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((done) => devServer.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}/__dev-session`;
  const post = (body: string) =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  try {
    const pages = await Promise.all([post(JSON.stringify(ADMIN)), post(JSON.stringify(ADMIN))]);
    const [a, b] = (await Promise.all(pages.map((page) => page.json()))) as { token: string }[];
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    expect(b.token).toBe(a.token);
    expect((await fetch(url)).status).toBe(404);
    const bad = await post('{');
    expect(bad.status).toBe(400);
    const refused = await post(JSON.stringify({ ...ADMIN, userName: 'nobody@example.com' }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ kind: 'refused', gatewayUrl });
  } finally {
    await new Promise((done) => devServer.close(done));
  }
});
