import type { LoginResponse } from '@portal/contracts';
import type * as SessionStoreModule from '../session-store';

function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    roleID: 1,
    userRole: 'Admin',
    email: 'admin@example.com',
    fullName: 'Ada Admin',
    forcePasswordUpdate: false,
    userRights: ['dashboard', 'manage_users', 'allusers'],
    token: 'token-1',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides,
  };
}

type SessionModule = typeof SessionStoreModule;

/** A fresh store, hydrated from whatever localStorage holds now (as on a page load). */
function loadStore(): SessionModule {
  let loaded: SessionModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<SessionModule>('../session-store');
  });
  return loaded!;
}

beforeEach(() => localStorage.clear());

describe('session store', () => {
  it('starts signed out when nothing is stored', () => {
    const { useSessionStore } = loadStore();
    const state = useSessionStore.getState();
    expect(state.userDetails).toBeNull();
    expect(state.email).toBeNull();
    expect(state.userRole).toBeNull();
    expect(state.token).toBeNull();
  });

  it('stores the whole login response under userDetails and exposes email, userRole and token', () => {
    const { useSessionStore, USER_DETAILS_KEY } = loadStore();
    const response = loginResponse({
      roleID: 2,
      userRole: 'Backoffice',
      email: 'bo@example.com',
      token: 'abc',
    });
    useSessionStore.getState().signIn(response);

    expect(USER_DETAILS_KEY).toBe('userDetails');
    expect(JSON.parse(localStorage.getItem('userDetails')!)).toEqual(response);
    const state = useSessionStore.getState();
    expect(state.userDetails).toEqual(response);
    expect(state.email).toBe('bo@example.com');
    expect(state.userRole).toBe('Backoffice');
    expect(state.token).toBe('abc');
  });

  it('derives the role name from roleID', () => {
    const { useSessionStore } = loadStore();
    useSessionStore.getState().signIn(loginResponse({ roleID: 3, userRole: 'Affiliate' }));
    expect(useSessionStore.getState().userRole).toBe('Affiliate');
  });

  it('restores a stored session on the next page load', () => {
    const response = loginResponse({ email: 'again@example.com' });
    localStorage.setItem('userDetails', JSON.stringify(response));
    const { useSessionStore } = loadStore();
    expect(useSessionStore.getState().userDetails).toEqual(response);
    expect(useSessionStore.getState().email).toBe('again@example.com');
  });

  it('signOut clears the state and removes the stored details', () => {
    const { useSessionStore } = loadStore();
    useSessionStore.getState().signIn(loginResponse());
    useSessionStore.getState().signOut();
    expect(useSessionStore.getState().userDetails).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('userDetails')).toBeNull();
  });

  it('ignores and removes malformed stored details', () => {
    localStorage.setItem('userDetails', '{"roleID":1,"token":');
    const { useSessionStore } = loadStore();
    expect(useSessionStore.getState().userDetails).toBeNull();
    expect(localStorage.getItem('userDetails')).toBeNull();
  });

  it('ignores stored details that do not match the login response contract', () => {
    localStorage.setItem('userDetails', JSON.stringify({ token: 'x', roleID: 1 }));
    const { useSessionStore } = loadStore();
    expect(useSessionStore.getState().userDetails).toBeNull();
  });

  it('treats an expired stored session as none', () => {
    localStorage.setItem(
      'userDetails',
      JSON.stringify(loginResponse({ expiresAt: new Date(Date.now() - 1000).toISOString() })),
    );
    const { useSessionStore } = loadStore();
    expect(useSessionStore.getState().userDetails).toBeNull();
    expect(localStorage.getItem('userDetails')).toBeNull();
  });

  it('currentUserDetails signs out a session that expired while the page was open', () => {
    const { useSessionStore, currentUserDetails } = loadStore();
    const expiresAt = Date.now() + 60_000;
    useSessionStore.getState().signIn(loginResponse({ expiresAt: new Date(expiresAt).toISOString() }));
    expect(currentUserDetails(expiresAt - 1)).not.toBeNull();
    expect(currentUserDetails(expiresAt + 1)).toBeNull();
    expect(useSessionStore.getState().userDetails).toBeNull();
    expect(localStorage.getItem('userDetails')).toBeNull();
  });

  it('markPasswordUpdated clears forcePasswordUpdate in the state and in storage', () => {
    const { useSessionStore } = loadStore();
    useSessionStore.getState().signIn(loginResponse({ forcePasswordUpdate: true }));
    useSessionStore.getState().markPasswordUpdated();
    expect(useSessionStore.getState().userDetails?.forcePasswordUpdate).toBe(false);
    expect(JSON.parse(localStorage.getItem('userDetails')!).forcePasswordUpdate).toBe(false);
  });

  it('follows a sign-out made in another tab', async () => {
    const { useSessionStore } = loadStore();
    useSessionStore.getState().signIn(loginResponse());
    localStorage.removeItem('userDetails');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userDetails' }));
    await Promise.resolve();
    expect(useSessionStore.getState().userDetails).toBeNull();
  });
});
