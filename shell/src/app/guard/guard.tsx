import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { UPDATE_PASSWORD_PATH, useUserDetails } from '@portal/shared-ui';
import { guardDecision } from './guard-decision';

/** Wraps every guarded route (spec §2). */
export function Guard() {
  const location = useLocation();
  const decision = guardDecision(useUserDetails(), location.pathname);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/**
 * Routes the spec leaves without a guard (profile, update-password, re-kyc) need no menu entry, but they
 * show the signed-in user's own data, so without a session they go to login. A session that must change its
 * password may call nothing else (the server answers 403), so every other page, reached by a link, a deep link,
 * a refresh or Back, leads to update-password instead of a layout full of failed panels.
 */
export function RequireSession() {
  const details = useUserDetails();
  const { pathname } = useLocation();
  if (!details) return <Navigate to="/login" replace />;
  if (details.forcePasswordUpdate && pathname !== UPDATE_PASSWORD_PATH) {
    return <Navigate to={UPDATE_PASSWORD_PATH} replace />;
  }
  return <Outlet />;
}
