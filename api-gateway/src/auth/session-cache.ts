import { decodeJwt } from 'jose';
import type { ProfileResponse } from '@portal/contracts';
import type { AppContext } from '../context';
import type { RightsTable, SessionUser } from '../http/session';
import { loadSession, verifySessionToken } from '../http/session';

/** The channel migration 007 notifies on any change to users, affiliates, banks or a session's validity. */
export const AUTH_CHANGED_CHANNEL = 'portal_auth_changed';
/** The payload of a change to a forgot-password temporary password (migration 023): only sign-in reads those. */
const TEMPORARY_PASSWORDS_CHANGED = 'temporary_passwords';
/** Payload prefix of a counted sign-in failure (migration 026), followed by `[lower(user_name), ip]` as JSON. */
const SIGN_IN_FAILED = 'sign_in_failed:';
/** The payload of any other change to login history (migration 026): every lockout read is to be done again. */
const LOGIN_HISTORY_CHANGED = 'login_history';

const MAX_ENTRIES = 10_000;
/** Belt and braces: even with no notice, nothing is served from memory for longer than this. */
const MAX_AGE_MS = 60_000;

interface Entry<T> {
  value: T;
  storedAt: number;
}

/**
 * Sessions, profiles and sign-in's account reads kept in memory between calls, dropped as a whole the moment
 * the database announces a change that could affect them (logout, password change, deactivation, KYC
 * decision, profile edit; a temporary password drops the sign-in reads only).
 * A change made by this process is announced before the call that made it returns (PGlite: in process;
 * PostgreSQL: each pooled connection listens and hears its own commit first), so this process's next request
 * never sees the old state; a change made by another gateway on the same PostgreSQL is heard a moment later
 * on a listening connection (milliseconds; the issue asks for under a second). While that connection is
 * down nothing is cached, and the cache starts empty once it is back: notices in between are lost.
 */
type Claims = { sessionId: string; userId: number };

export class AuthCache {
  /** Tokens whose signature was checked: the same string always checks the same; expiry is re-read each call. */
  private readonly tokens = new Map<string, { claims: Claims; expiresAtMs: number }>();
  private readonly sessions = new Map<string, Entry<SessionUser>>();
  private readonly profiles = new Map<number, Entry<ProfileResponse>>();
  /**
   * What sign-in read about the account a user name names (hashes, status, role), or that it names none,
   * keyed by the user name exactly as typed: the database matches it case-insensitively, so two spellings
   * are two entries, never one entry standing for another.
   */
  private readonly signInAccounts = new Map<string, Entry<{ account: unknown }>>();
  /**
   * User names (lowered; plain ASCII only, where JavaScript and PostgreSQL lower alike) and IPs whose last
   * lockout read found no lock. A lock begins only with a new wrong-password failure, which the database
   * announces with both, so until such a notice the answer stays "not locked" and sign-in skips the read.
   */
  private readonly unlockedAccounts = new Map<string, Entry<true>>();
  private readonly unlockedIps = new Map<string, Entry<true>>();
  /** Bumped by every notice that drops lockout knowledge: a read that started before one must not store. */
  private lockoutGeneration = 0;
  /** Bumped by every notice: a read that started before one must not store what it read. */
  private generation = 0;
  /** LISTEN has been set up (the promise resolved)... */
  private started = false;
  /** ...and its connection is up (PostgreSQL: it can drop and come back). */
  private connected = true;

  constructor(private readonly ctx: AppContext) {
    const listen = ctx.db.listen?.bind(ctx.db);
    if (!listen) return;
    listen(
      AUTH_CHANGED_CHANNEL,
      (payload) => this.onNotice(payload),
      (listening) => {
        // Lost: stop caching first, then drop everything (a read in flight must not store either).
        // Back: drop what was stored before the loss, then cache again.
        if (!listening) this.connected = false;
        this.clear();
        if (listening) this.connected = true;
        if (this.started)
          ctx.logger.warn(
            listening ? 'session cache on again: listening' : 'session cache off: not listening',
          );
      },
    )
      .then(() => {
        this.clear();
        this.started = true;
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'session cache disabled: cannot listen'));
  }

  get enabled(): boolean {
    return this.started && this.connected;
  }

  /** Everything: the listening connection was lost or is back, so notices may have been missed. */
  clear(): void {
    this.clearAuth();
    this.clearLockouts();
  }

  /** What a change to users, affiliates, banks or sessions can make stale; none of them can begin a lock. */
  private clearAuth(): void {
    this.generation++;
    this.sessions.clear();
    this.profiles.clear();
    this.signInAccounts.clear();
  }

  private onNotice(payload: string): void {
    if (payload.startsWith(SIGN_IN_FAILED)) this.forgetUnlocked(payload.slice(SIGN_IN_FAILED.length));
    else if (payload === LOGIN_HISTORY_CHANGED) this.clearLockouts();
    else if (payload === TEMPORARY_PASSWORDS_CHANGED) this.clearSignInAccounts();
    else this.clearAuth();
  }

  private clearLockouts(): void {
    this.lockoutGeneration++;
    this.unlockedAccounts.clear();
    this.unlockedIps.clear();
  }

  /** A counted failure of `[lower(user_name), ip]`: those two are read again; anything unreadable, everything. */
  private forgetUnlocked(json: string): void {
    this.lockoutGeneration++;
    let failure: unknown;
    try {
      failure = JSON.parse(json);
    } catch {
      failure = undefined;
    }
    if (!Array.isArray(failure) || typeof failure[0] !== 'string') {
      this.clearLockouts();
      return;
    }
    this.unlockedAccounts.delete(failure[0]);
    if (typeof failure[1] === 'string') this.unlockedIps.delete(failure[1]);
  }

  /**
   * True when the last lockout read for this user name and IP found no lock and no failure of either has
   * been announced since: the answer is still "not locked". A null IP has no IP lock to read.
   */
  knownUnlocked(userName: string, ip: string | null): boolean {
    const account = lockoutKey(userName);
    if (!this.enabled || account === undefined) return false;
    return (
      this.fresh(this.unlockedAccounts, account) === true &&
      (ip === null || this.fresh(this.unlockedIps, ip) === true)
    );
  }

  /** Runs sign-in's lockout read, and remembers a "not locked" answer unless a failure was announced meanwhile. */
  async readLockout<L>(userName: string, ip: string | null, read: () => Promise<L | undefined>) {
    const generation = this.lockoutGeneration;
    const lockout = await read();
    const account = lockoutKey(userName);
    if (
      lockout === undefined &&
      account !== undefined &&
      this.enabled &&
      generation === this.lockoutGeneration
    ) {
      const storedAt = Date.now();
      this.store(this.unlockedAccounts, account, { value: true, storedAt });
      if (ip !== null) this.store(this.unlockedIps, ip, { value: true, storedAt });
    }
    return lockout;
  }

  private store<K, T>(map: Map<K, Entry<T>>, key: K, entry: Entry<T>): void {
    if (map.size >= MAX_ENTRIES && !map.has(key)) map.delete(map.keys().next().value as K);
    map.set(key, entry);
  }

  private clearSignInAccounts(): void {
    this.generation++;
    this.signInAccounts.clear();
  }

  /** The account sign-in last read for this user name (undefined inside: no such account), if still valid. */
  knownSignInAccount<T>(userName: string): { account: T | undefined } | undefined {
    const hit = this.enabled ? this.fresh(this.signInAccounts, userName) : undefined;
    return hit as { account: T | undefined } | undefined;
  }

  /**
   * Runs sign-in's read and keeps the account it found (or that it found none) for the next sign-in with
   * the same user name, unless a change was announced while it read.
   */
  async readSignInAccount<S extends { account: unknown }>(
    userName: string,
    read: () => Promise<S>,
  ): Promise<S> {
    const generation = this.generation;
    const state = await read();
    if (this.enabled && generation === this.generation) {
      if (this.signInAccounts.size >= MAX_ENTRIES)
        this.signInAccounts.delete(this.signInAccounts.keys().next().value as string);
      this.signInAccounts.set(userName, { value: { account: state.account }, storedAt: Date.now() });
    }
    return state;
  }

  async claims(token: string, verify: () => Promise<Claims | undefined>): Promise<Claims | undefined> {
    const known = this.tokens.get(token);
    if (known) {
      if (this.ctx.now().getTime() < known.expiresAtMs) return known.claims;
      this.tokens.delete(token);
    }
    const claims = await verify();
    const exp = claims ? decodeJwt(token).exp : undefined;
    if (claims && exp !== undefined) {
      if (this.tokens.size >= MAX_ENTRIES) this.tokens.delete(this.tokens.keys().next().value as string);
      this.tokens.set(token, { claims, expiresAtMs: exp * 1000 });
    }
    return claims;
  }

  async session(sessionId: string, userId: number, load: () => Promise<SessionUser | undefined>) {
    const hit = this.enabled ? this.fresh(this.sessions, sessionId) : undefined;
    // A token naming another user than its session's is not valid; loadSession would say the same.
    if (hit) return hit.userId === userId ? hit : undefined;
    return this.remember(this.sessions, sessionId, load);
  }

  async profile(userId: number, load: () => Promise<ProfileResponse>): Promise<ProfileResponse> {
    return (await this.remember(this.profiles, userId, load)) as ProfileResponse;
  }

  private fresh<K, T>(map: Map<K, Entry<T>>, key: K): T | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > MAX_AGE_MS) {
      map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private async remember<K, T>(map: Map<K, Entry<T>>, key: K, load: () => Promise<T | undefined>) {
    const cached = this.enabled ? this.fresh(map, key) : undefined;
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && this.enabled && generation === this.generation) {
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as K);
      map.set(key, { value, storedAt: Date.now() });
    }
    return value;
  }
}

/** The lockout's key for a user name: lowered, and only for plain ASCII (see `unlockedAccounts`). */
function lockoutKey(userName: string): string | undefined {
  return /^[\x20-\x7e]*$/.test(userName) ? userName.toLowerCase() : undefined;
}

const caches = new WeakMap<AppContext, AuthCache>();

export function authCacheFor(ctx: AppContext): AuthCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new AuthCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}

/** The live session a bearer token names, or undefined: what every authenticated call uses. */
export async function sessionForToken(
  ctx: AppContext,
  rights: RightsTable,
  token: string,
): Promise<SessionUser | undefined> {
  const claims = await authCacheFor(ctx).claims(token, () => verifySessionToken(ctx, token));
  return claims ? cachedSession(ctx, rights, claims) : undefined;
}

/** loadSession through the cache. */
export function cachedSession(
  ctx: AppContext,
  rights: RightsTable,
  claims: { sessionId: string; userId: number },
): Promise<SessionUser | undefined> {
  return authCacheFor(ctx).session(claims.sessionId, claims.userId, () =>
    loadSession(ctx, rights, claims.sessionId, claims.userId),
  );
}
