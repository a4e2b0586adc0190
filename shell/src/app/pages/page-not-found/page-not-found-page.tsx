import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Texts } from '@portal/contracts/web';
import { LOGIN_PATH, UPDATE_PASSWORD_PATH, homePathFor, useUserDetails } from '@portal/shared-ui';
import styles from './page-not-found-page.module.css';
// The whole theme (the first pages load only part of it: app.tsx).
import 'primereact/resources/themes/lara-light-blue/theme.css';

/**
 * Spec §2: the 404 screen. Go Home leads to the dashboard of the stored role when the user's menu holds it,
 * otherwise to the first entry of its menu (a rejected affiliate's Re KYC), never to a page that 404s again.
 */
export function PageNotFoundPage() {
  const navigate = useNavigate();
  const details = useUserDetails();
  const home = details ? homePathFor(details) : LOGIN_PATH;
  useEffect(() => {
    document.title = `${Texts.pageNotFound} | Affiliate Portal`;
  }, []);
  // An unknown path is no way around a password that must be changed first.
  if (details?.forcePasswordUpdate) return <Navigate to={UPDATE_PASSWORD_PATH} replace />;
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="not-found-heading">
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 id="not-found-heading" className={styles.heading}>
          {Texts.pageNotFound}
        </h1>
        <p className={styles.text}>
          The page you are looking for does not exist, or you do not have access to it.
        </p>
        <Button label="Go Home" icon="pi pi-home" onClick={() => navigate(home, { replace: true })} />
      </section>
    </main>
  );
}
