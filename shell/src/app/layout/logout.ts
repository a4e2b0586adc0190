import { SignInEndpoints } from '@portal/contracts/web';
import { callEndpoint, useSessionStore } from '@portal/shared-ui';

/**
 * Revokes the session on the server, then forgets it locally. The local sign-out happens even when the
 * call fails (token already revoked or expired, server down): the user asked to leave.
 */
export async function logout(): Promise<void> {
  try {
    await callEndpoint(SignInEndpoints.logout, {}, { quiet: true });
  } catch {
    // Nothing to tell the user: they are signed out either way.
  } finally {
    useSessionStore.getState().signOut();
  }
}
