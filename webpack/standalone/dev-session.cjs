// The dev session of a standalone remote (`npx --yes pnpm@10 --filter mfe-admin dev`), kept by its dev server and
// shared by every browser that opens it (issue 53). Each browser used to sign in by itself with the demo admin's
// authenticator code; the gateway takes each code once, so a second browser or a private window within the same
// 30 s was refused ("That code is not correct, or it has already been used") and told to start a gateway that
// was running. Now the dev server signs in once per account, hands the same session to every page, checks it is
// still alive before handing it out, and signs in again (with the next code it has not used) only when it is not.
// The gateway's one-use rule for codes is untouched. Development only: the production build has no dev server.
const crypto = require('node:crypto');

const PERIOD_MS = 30_000;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238 (SHA-1, 6 digits, 30 s) code of a base32 secret for a time step. */
function totpCode(secret, step) {
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('The dev account secret is not base32.');
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Why a dev session could not be had: the gateway does not answer, or it answered with a refusal. */
class DevSessionError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/**
 * The sessions of one dev server, by account. `session(account)` answers the gateway's login response (user
 * details with the token). Calls at once for one account share one sign-in.
 */
function createDevSessions({
  gatewayUrl,
  now = () => Date.now(),
  wait = (ms) => new Promise((r) => setTimeout(r, ms)),
}) {
  const kept = new Map();
  const signingIn = new Map();
  /** Per account, the last time step whose code this server sent: never sent twice. */
  const usedSteps = new Map();

  async function call(method, path, { body, token } = {}) {
    let response;
    try {
      response = await fetch(`${gatewayUrl}/api${path}`, {
        method,
        headers: {
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw new DevSessionError('unreachable', `The gateway at ${gatewayUrl} does not answer.`);
    }
    const answer = await response.json().catch(() => ({}));
    return { status: response.status, answer };
  }

  async function alive(details) {
    const { status } = await call('GET', '/user/profile', { token: details.token });
    return status === 200;
  }

  async function codeStep(account, challenge) {
    const current = Math.floor(now() / PERIOD_MS);
    // The gateway accepts the code of the step before, this one or the next, each once: a code this server has
    // sent is never sent again; past the next step it waits for the step to come.
    let step = Math.max(current, (usedSteps.get(account.userName) ?? -Infinity) + 1);
    if (step > current + 1) {
      await wait((step - 1) * PERIOD_MS - now());
    }
    usedSteps.set(account.userName, step);
    let result = await call('POST', '/login/second-factor', {
      body: { challenge, code: totpCode(account.totpSecret, step) },
    });
    if (result.status === 401 && step === current) {
      // Someone else (the portal, an authenticator app) used this step's code: the next one, once.
      step += 1;
      usedSteps.set(account.userName, step);
      result = await call('POST', '/login/second-factor', {
        body: { challenge, code: totpCode(account.totpSecret, step) },
      });
    }
    return result;
  }

  async function signIn(account) {
    const { userName, password, totpSecret } = account;
    const login = await call('POST', '/login/auth', { body: { userName, password } });
    if (login.status !== 200)
      throw new DevSessionError('refused', login.answer.message ?? `HTTP ${login.status}`);
    if (login.answer.secondFactorRequired !== true) return login.answer;
    if (!totpSecret)
      throw new DevSessionError(
        'refused',
        'This account has two-step sign-in: give the dev account its totpSecret.',
      );
    const code = await codeStep(account, login.answer.challenge);
    if (code.status !== 200)
      throw new DevSessionError('refused', code.answer.message ?? `HTTP ${code.status}`);
    return code.answer;
  }

  async function session(account) {
    const key = account.userName.toLowerCase();
    const pending = signingIn.get(key);
    if (pending) return pending;
    const fetching = (async () => {
      const known = kept.get(key);
      if (known && (await alive(known))) return known;
      kept.delete(key);
      const details = await signIn(account);
      kept.set(key, details);
      return details;
    })();
    signingIn.set(key, fetching);
    try {
      return await fetching;
    } finally {
      signingIn.delete(key);
    }
  }

  return { session };
}

/** The dev server's route: POST /__dev-session with the page's dev account; the session, or { kind, message }. */
function devSessionMiddleware(options) {
  const sessions = createDevSessions(options);
  return {
    name: 'dev-session',
    path: '/__dev-session',
    middleware: (req, res, next) => {
      if (req.method !== 'POST') return next();
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const reply = (status, value) => {
          res.statusCode = status;
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(value));
        };
        let account;
        try {
          account = JSON.parse(body);
        } catch {
          return reply(400, { kind: 'refused', message: 'The dev session request is not JSON.' });
        }
        if (typeof account?.userName !== 'string' || typeof account?.password !== 'string')
          return reply(400, { kind: 'refused', message: 'The dev account needs a userName and a password.' });
        sessions.session(account).then(
          (details) => reply(200, details),
          (error) =>
            reply(error.kind === 'unreachable' ? 502 : 401, {
              kind: error.kind ?? 'refused',
              message: error.message,
              gatewayUrl: options.gatewayUrl,
            }),
        );
      });
      return undefined;
    },
  };
}

module.exports = { createDevSessions, devSessionMiddleware, totpCode, DevSessionError };
