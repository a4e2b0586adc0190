import readline from 'node:readline/promises';
import { PromptCancelled, askHidden } from '../lib/hidden-prompt';
import pino from 'pino';
import { ApiKeyAdminEndpoints, SecondFactorEndpoints, SignInEndpoints } from '@portal/contracts';
import type { ApiKeyListResponse, CreateApiKeyResponse } from '@portal/contracts';
import { ConfigError, loadConfig } from '../config';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/database';
import { DataDirInUseError, claimDataDir, dataDirHolder } from '../db/data-dir-lock';
import type { DataDirHolder } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { ApiKeyError, createApiKey, listApiKeys, revokeApiKey } from './api-keys';

const USAGE = 'Usage: npm run api-key -- create <name> | revoke <name> | list';

type Command = { command: 'list' } | { command: 'create' | 'revoke'; name: string };

/** A refusal: printed as it is, one sentence, no stack. */
class Refusal extends Error {}

/** Times as the database gives them, or as the portal's JSON answer writes them. */
interface KeyRow {
  name: string;
  prefix: string;
  createdAt: Date | string;
  revokedAt: Date | string | null;
}

function printCreated(name: string, key: string): void {
  console.log(`Created API key "${name}". Send it in the X-API-Key header; it is shown only this once:`);
  console.log(key);
}

function printList(keys: KeyRow[]): void {
  const iso = (at: Date | string) => new Date(at).toISOString();
  for (const key of keys) {
    const state = key.revokedAt ? `revoked ${iso(key.revokedAt)}` : 'live';
    console.log(`${key.name}\t${key.prefix}…\tcreated ${iso(key.createdAt)}\t${state}`);
  }
}

/**
 * Integration API keys for the configured database (same DATA_DIR / DATABASE_URL and JWT_SECRET as the
 * gateway: keys are stored as a hash keyed by that secret). `create` prints the key once.
 *
 * The embedded database belongs to one process: while the portal runs on it (its DATA_DIR lock names it), the
 * command asks the portal instead, through the admin's API-key calls, signed in as an admin
 * (PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD and, for an admin with two-step sign-in, PORTAL_ADMIN_CODE; or
 * asked for at the terminal). On PostgreSQL, or with no
 * portal running, it works on the database directly.
 */
async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  let parsed: Command;
  if (command === 'list' && argv.length === 1) parsed = { command };
  else if ((command === 'create' || command === 'revoke') && name && argv.length === 2)
    parsed = { command, name };
  else {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder) return throughPortal(holder, parsed);
    // Held while the command works, so a portal started meanwhile waits for it rather than opening the files too.
    const release = claimDataDir(config.dataDir);
    try {
      return await onDatabase(config, parsed);
    } finally {
      release();
    }
  }
  return onDatabase(config, parsed);
}

async function onDatabase(config: AppConfig, parsed: Command): Promise<number> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const ctx: AppContext = {
      config,
      db,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      routeDocs: [],
    };
    if (parsed.command === 'create') {
      printCreated(parsed.name, await createApiKey(ctx, parsed.name));
      return 0;
    }
    if (parsed.command === 'revoke') {
      if (!(await revokeApiKey(ctx, parsed.name)))
        throw new Refusal(`No live API key named "${parsed.name}".`);
      console.log(`Revoked API key "${parsed.name}".`);
      return 0;
    }
    printList(await listApiKeys(ctx));
    return 0;
  } finally {
    await db.close();
  }
}

async function throughPortal(holder: DataDirHolder, parsed: Command): Promise<number> {
  const base = holder.url;
  if (!base) throw new Refusal(`The portal (process ${holder.pid}) is starting; try again in a moment.`);
  const { email, password } = await adminSignIn(base);
  const call = async (method: 'get' | 'post', path: string, token: string, body?: object) => {
    const res = await fetch(`${base}/api${path}`, {
      method: method.toUpperCase(),
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => {
      throw new Refusal(`The portal on ${base} does not answer; is it still running?`);
    });
    const answer = (await res.json().catch(() => ({}))) as { message?: string };
    if (!res.ok) throw new Refusal(answer.message ?? `The portal answered ${res.status}.`);
    return answer;
  };
  const signIn = async (path: string, body: object) =>
    (await call('post', path, '', body).catch((error: unknown) => {
      const why = error instanceof Refusal ? error.message : String(error);
      throw new Refusal(`Signing in to the portal on ${base} as ${email} failed: ${why}`);
    })) as SignInAnswer;
  let answer = await signIn(SignInEndpoints.login.path, { userName: email, password });
  if (answer.secondFactorRequired && answer.challenge) {
    const code = await authenticatorCode(email);
    answer = await signIn(SecondFactorEndpoints.signIn.path, { challenge: answer.challenge, code });
  }
  const token = answer.token ?? '';
  try {
    if (parsed.command === 'create') {
      const created = (await call('post', ApiKeyAdminEndpoints.create.path, token, {
        name: parsed.name,
      })) as CreateApiKeyResponse;
      printCreated(created.name, created.key);
    } else if (parsed.command === 'revoke') {
      const path = ApiKeyAdminEndpoints.revoke.path.replace(':name', encodeURIComponent(parsed.name));
      console.log((await call('post', path, token)).message);
    } else {
      printList((await call('get', ApiKeyAdminEndpoints.list.path, token)) as ApiKeyListResponse);
    }
    return 0;
  } finally {
    await call('post', SignInEndpoints.logout.path, token).catch(() => undefined);
  }
}

type SignInAnswer = { token?: string; secondFactorRequired?: boolean; challenge?: string };

/**
 * An admin with two-step sign-in (issue 29) gives the authenticator's current code: PORTAL_ADMIN_CODE, else asked
 * for at the terminal. Codes are single-use, so each run of the command needs the code shown at that time.
 */
async function authenticatorCode(email: string): Promise<string> {
  let code = process.env.PORTAL_ADMIN_CODE;
  if (!code && process.stdin.isTTY) code = await ask('Authentication code: ', false);
  if (!code) {
    throw new Refusal(
      `${email} signs in with an authenticator code: set PORTAL_ADMIN_CODE to the code it shows now, or run the command at a terminal.`,
    );
  }
  return code.trim();
}

/** An admin's sign-in for the running portal: from the environment, else asked for at the terminal. */
async function adminSignIn(base: string): Promise<{ email: string; password: string }> {
  const email = process.env.PORTAL_ADMIN_EMAIL;
  const password = process.env.PORTAL_ADMIN_PASSWORD;
  if (email && password) return { email, password };
  if (!process.stdin.isTTY) {
    throw new Refusal(
      `The portal on ${base} holds the embedded database: set PORTAL_ADMIN_EMAIL and PORTAL_ADMIN_PASSWORD to an admin's sign-in to manage keys through it, or stop the portal first.`,
    );
  }
  console.log(
    `The portal on ${base} holds the embedded database; sign in as an admin to manage keys through it.`,
  );
  return {
    email: email || (await ask('Admin email: ', false)),
    password: password || (await ask('Password: ', true)),
  };
}

async function ask(question: string, hidden: boolean): Promise<string> {
  if (hidden) return askHidden(question);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const plain =
      error instanceof ConfigError ||
      error instanceof ApiKeyError ||
      error instanceof Refusal ||
      error instanceof DataDirInUseError ||
      error instanceof PromptCancelled;
    console.error(
      plain ? error.message : `The API key command failed: ${String((error as Error)?.message ?? error)}`,
    );
    process.exit(1);
  },
);
