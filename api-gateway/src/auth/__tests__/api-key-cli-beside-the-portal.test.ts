import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { totpCodeAt } from '../../../test-support/authenticator';
import { hashPassword } from '../password';
import { startGateway, type GatewayProcess } from '../../../test-support/gateway-process';

// Real processes on one embedded database: a gateway, a second gateway and the key command beside it. About the
// embedded database only (on PostgreSQL the command works on the database whatever runs): the PostgreSQL pass
// of the suite skips it rather than run the same thing twice.
jest.setTimeout(240_000);
const onEmbedded = process.env.DATABASE_URL ? test.skip : test;

// Admins sign in with an authenticator code (issue 29), each code once: one admin per signed-in run of the command.
const SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
const ADMINS = ['keys.admin', 'keys.lister', 'keys.revoker'].map((name) => ({
  email: `${name}@example.test`,
  password: 'Keys-Admin-2026!',
}));
const ADMIN = ADMINS[0];
const gatewayDir = path.join(__dirname, '..', '..', '..');

let dataDir: string;
let gateway: GatewayProcess | undefined;

/** This process's environment without a PostgreSQL URL: the embedded database is what is tested here. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, NODE_UNIQUE_ID: _worker, ...rest } = process.env;
  return { ...rest, NODE_OPTIONS: '', NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...extra };
}

/** Runs a TypeScript entry of the gateway under tsx; answers its exit code and output. */
function run(entry: string, args: string[], extra: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: gatewayDir,
      env: environment(extra),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const apiKey = (args: string[], extra: Record<string, string> = {}) =>
  run('src/auth/api-key-cli.ts', args, extra);
const asAdmin = (admin = ADMIN) => ({
  PORTAL_ADMIN_EMAIL: admin.email,
  PORTAL_ADMIN_PASSWORD: admin.password,
  PORTAL_ADMIN_CODE: totpCodeAt(SECRET, new Date()),
});

beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-api-key-cli-'));
  const db = await openDatabase({ dataDir });
  await migrate(db);
  for (const [index, admin] of ADMINS.entries()) {
    const { rows } = await db.query<{ user_id: number }>(
      `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
       VALUES ('Kemi Keys', $1, $2, 1, '+234', $3, 1) RETURNING user_id`,
      [admin.email, await hashPassword(admin.password), `803999000${index + 1}`],
    );
    await db.query(
      `INSERT INTO user_second_factors (user_id, secret, confirmed_at, last_used_step, created_at)
       VALUES ($1, $2, now(), -1, now())`,
      [rows[0].user_id, SECRET],
    );
  }
  await db.close();
  gateway = await startGateway({ DATA_DIR: dataDir });
});
afterAll(() => gateway?.kill());

onEmbedded(
  'beside the running portal the key command works through it, and a second gateway refuses in one sentence',
  async () => {
    const created = await apiKey(['create', 'retail-platform'], asAdmin(ADMINS[0]));
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const key = /^(apk_\S+)$/m.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    const ingest = () =>
      fetch(`${gateway!.url}/api/integration/retailers`, {
        method: 'POST',
        headers: { 'X-API-Key': key!, 'Content-Type': 'application/json' },
        body: JSON.stringify({ retailers: [] }),
      });
    expect((await ingest()).status).not.toBe(401);

    const listed = await apiKey(['list'], asAdmin(ADMINS[1]));
    expect(listed.stdout).toMatch(/^retail-platform\tapk_\S+…\tcreated \S+\tlive$/m);

    const revoked = await apiKey(['revoke', 'retail-platform'], asAdmin(ADMINS[2]));
    expect(revoked.stdout.trim()).toBe('Revoked API key "retail-platform".');
    expect((await ingest()).status).toBe(401);

    // Without an admin's sign-in (and no terminal to ask at) it says what to do, in one line.
    const refused = await apiKey(['list']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('set PORTAL_ADMIN_EMAIL and PORTAL_ADMIN_PASSWORD');

    const wrong = await apiKey(['list'], { ...asAdmin(), PORTAL_ADMIN_PASSWORD: 'not-the-password' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);

    // An admin with two-step sign-in and no code (and no terminal) is told where the code goes.
    const noCode = await apiKey(['list'], { ...asAdmin(ADMINS[1]), PORTAL_ADMIN_CODE: '' });
    expect(noCode.code).toBe(1);
    expect(noCode.stderr).toContain('set PORTAL_ADMIN_CODE to the code it shows now');

    // A second gateway on the same files would abort or corrupt them: it stops before opening them.
    const second = await run('src/server.ts', [], { PORT: '0', HOST: '127.0.0.1' });
    expect(second.code).toBe(78);
    expect(second.stderr.trim()).toMatch(
      /^The embedded database in .+ is in use by process \d+ \(the portal on http:\/\/127\.0\.0\.1:\d+\); stop it first, or give this one another DATA_DIR\.$/,
    );

    // The gateway is still serving.
    expect((await fetch(`${gateway!.url}/api/health`)).status).toBe(200);
  },
);

onEmbedded(
  'with the portal gone (even killed, its lock left behind) the command works on the database itself',
  async () => {
    await gateway!.kill();
    gateway = undefined;
    const listed = await apiKey(['list']);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(/^retail-platform\tapk_\S+…\tcreated \S+\trevoked \S+$/m);
  },
);
