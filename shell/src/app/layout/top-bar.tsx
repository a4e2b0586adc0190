import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { UserMenu } from './user-menu';
import styles from './layout.module.css';

export interface TopBarProps {
  email: string;
  homePath: string;
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  onProfile(): void;
  onChangePassword(): void;
  onLogout(): void;
}

/** Sidebar toggle, logo and user menu (spec §2, common layout). */
export function TopBar({
  email,
  homePath,
  sidebarOpen,
  onToggleSidebar,
  onProfile,
  onChangePassword,
  onLogout,
}: TopBarProps) {
  return (
    <header className={styles.topbar}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={sidebarOpen ? 'Hide menu' : 'Show menu'}
        aria-expanded={sidebarOpen}
        aria-controls="app-sidebar"
        onClick={onToggleSidebar}
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <Link to={homePath} className={styles.brand} aria-label="Affiliate Portal home">
        <Logo className={styles.logo} />
      </Link>
      <div className={styles.spacer} />
      <UserMenu email={email} onProfile={onProfile} onChangePassword={onChangePassword} onLogout={onLogout} />
    </header>
  );
}
