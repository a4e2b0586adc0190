import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useUserDetails } from '@portal/shared-ui';
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
 * show the signed-in user's own data, so without a session they go to login.
 */
export function RequireSession() {
  if (!useUserDetails()) return <Navigate to="/login" replace />;
  return <Outlet />;
}
