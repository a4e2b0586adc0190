import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  LoadingSpinner,
  SECOND_FACTOR_SETUP_PATH,
  UPDATE_PASSWORD_PATH,
  landingPathFor,
  useUserDetails,
} from '@portal/shared-ui';
import { logout } from './logout';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { MOBILE_QUERY, useMediaQuery } from './use-media-query';
import styles from './layout.module.css';
// The whole theme (the first pages load only part of it: app.tsx).
import 'primereact/resources/themes/lara-light-blue/theme.css';

/** Signed-in screens: top bar, sidebar from the user's rights, and the page (spec §2, common layout). */
export function AppLayout() {
  const details = useUserDetails();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);

  const closeOverlay = useCallback(() => setOverlayOpen(false), []);
  // The overlay belongs to one page visit and one screen size.
  useEffect(closeOverlay, [pathname, mobile, closeOverlay]);
  useEffect(() => {
    if (!mobile || !overlayOpen) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeOverlay();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobile, overlayOpen, closeOverlay]);

  if (!details) return null;

  const page = (
    <Suspense fallback={<LoadingSpinner />}>
      <Outlet />
    </Suspense>
  );
  const signOut = () => void logout().then(() => navigate('/login', { replace: true }));
  // A forced password change comes before anything else: that page is shown on its own, without the menu,
  // with a way out for someone who would rather sign in as someone else.
  if (details.forcePasswordUpdate && pathname === UPDATE_PASSWORD_PATH) {
    return (
      <main className={styles.bare}>
        <button type="button" className={styles.bareSignOut} onClick={signOut}>
          <i className="pi pi-sign-out" aria-hidden="true" /> Sign out
        </button>
        {page}
      </main>
    );
  }
  // So is setting up the second factor an Admin must have (issue 29).
  if (details.secondFactorEnrolment && pathname === SECOND_FACTOR_SETUP_PATH) {
    return <main className={styles.bare}>{page}</main>;
  }

  const sidebarOpen = mobile ? overlayOpen : !collapsed;
  const toggleSidebar = () => (mobile ? setOverlayOpen((open) => !open) : setCollapsed((value) => !value));
  const className = [
    styles.layout,
    mobile ? styles.mobile : '',
    sidebarOpen ? styles.sidebarOpen : styles.sidebarClosed,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={className}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to content
      </a>
      <TopBar
        email={details.email}
        homePath={landingPathFor({
          ...details,
          forcePasswordUpdate: false,
          secondFactorEnrolment: undefined,
        })}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={toggleSidebar}
        onProfile={() => navigate('/profile')}
        onChangePassword={() => navigate(UPDATE_PASSWORD_PATH)}
        onLogout={signOut}
      />
      <aside id="app-sidebar" className={styles.sidebar} hidden={!sidebarOpen} aria-label="Sidebar">
        <Sidebar userRights={details.userRights} onNavigate={mobile ? closeOverlay : undefined} />
      </aside>
      {mobile && overlayOpen && (
        <div className={styles.overlay} data-testid="sidebar-overlay" onClick={closeOverlay} />
      )}
      <main id="main-content" className={styles.content} tabIndex={-1}>
        {page}
      </main>
    </div>
  );
}
