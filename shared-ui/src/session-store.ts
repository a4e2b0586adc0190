import { parseLoginResponse, roleNameOf } from '@portal/contracts/web';
import type { LoginResponse, RoleName } from '@portal/contracts/web';
import { useEffect } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** Spec §3: the whole login response is stored locally under this key. */
export const USER_DETAILS_KEY = 'userDetails';

export type UserDetails = LoginResponse;

export interface SessionState {
  /** The stored login response, or null when nobody is signed in. */
  userDetails: UserDetails | null;
  email: string | null;
  userRole: RoleName | null;
  token: string | null;
  signIn(details: UserDetails): void;
  signOut(): void;
  /** After a successful password update the server clears the flag; mirror it locally. */
  markPasswordUpdated(): void;
  /** After two-step sign-in is set up, the server frees the session; mirror it locally. */
  markSecondFactorEnrolled(): void;
}

type PersistedSession = Pick<SessionState, 'userDetails'>;

export function isExpired(details: Pick<UserDetails, 'expiresAt'>, now: number = Date.now()): boolean {
  const expiresAt = Date.parse(details.expiresAt);
  return Number.isNaN(expiresAt) || expiresAt <= now;
}

/** Reads the stored details; anything malformed or expired counts as no session and is removed. */
export function readStoredUserDetails(storage: Storage | undefined = safeLocalStorage()): UserDetails | null {
  const raw = storage?.getItem(USER_DETAILS_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const details = parseLoginResponse(parsed);
  if (!details || isExpired(details)) {
    storage?.removeItem(USER_DETAILS_KEY);
    return null;
  }
  return details;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the session then lives in memory only.
    return undefined;
  }
}

/** Stores the raw login response (not zustand's `{ state, version }` envelope), as the spec describes. */
const userDetailsStorage: PersistStorage<PersistedSession> = {
  getItem: (): StorageValue<PersistedSession> => ({
    state: { userDetails: readStoredUserDetails() },
    version: 0,
  }),
  setItem: (_name, value) => {
    const storage = safeLocalStorage();
    if (value.state.userDetails) storage?.setItem(USER_DETAILS_KEY, JSON.stringify(value.state.userDetails));
    else storage?.removeItem(USER_DETAILS_KEY);
  },
  removeItem: () => safeLocalStorage()?.removeItem(USER_DETAILS_KEY),
};

function derived(
  details: UserDetails | null,
): Pick<SessionState, 'userDetails' | 'email' | 'userRole' | 'token'> {
  if (!details) return { userDetails: null, email: null, userRole: null, token: null };
  return {
    userDetails: details,
    email: details.email,
    userRole: roleNameOf(details.roleID) ?? details.userRole,
    token: details.token,
  };
}

/**
 * The session, shared by the shell and every remote: shared-ui is a Module Federation singleton,
 * so there is exactly one store per page.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...derived(null),
      signIn: (details) => set(derived(details)),
      signOut: () => set(derived(null)),
      markPasswordUpdated: () => {
        const current = get().userDetails;
        if (current) set(derived({ ...current, forcePasswordUpdate: false }));
      },
      markSecondFactorEnrolled: () => {
        const current = get().userDetails;
        if (!current) return;
        const { secondFactorEnrolment: _done, ...rest } = current;
        set(derived(rest));
      },
    }),
    {
      name: USER_DETAILS_KEY,
      storage: userDetailsStorage,
      partialize: (state) => ({ userDetails: state.userDetails }),
      merge: (persisted, current) => ({
        ...current,
        ...derived((persisted as PersistedSession | undefined)?.userDetails ?? null),
      }),
    },
  ),
);

/** The signed-in user's details if the session has not expired; an expired one is cleared. */
export function currentUserDetails(now: number = Date.now()): UserDetails | null {
  const { userDetails, signOut } = useSessionStore.getState();
  if (userDetails && isExpired(userDetails, now)) {
    signOut();
    return null;
  }
  return userDetails;
}

/**
 * The signed-in user's details for a component: null when signed out or expired (an expired session is
 * then cleared after render, never during it).
 */
export function useUserDetails(): UserDetails | null {
  const details = useSessionStore((state) => state.userDetails);
  const live = details && !isExpired(details) ? details : null;
  useEffect(() => {
    if (details && !live) useSessionStore.getState().signOut();
  }, [details, live]);
  return live;
}

// Signing in or out in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === USER_DETAILS_KEY || event.key === null) void useSessionStore.persist.rehydrate();
  });
}
