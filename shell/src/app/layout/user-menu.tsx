import { useRef } from 'react';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import styles from './layout.module.css';

/** The user's email with Profile and Logout (spec §2, common layout). */
export function UserMenu({
  email,
  onProfile,
  onLogout,
}: {
  email: string;
  onProfile(): void;
  onLogout(): void;
}) {
  const menu = useRef<Menu>(null);
  const items: MenuItem[] = [
    // On narrow screens the button shows only the avatar, so the menu names the account.
    { template: () => <div className={styles.menuEmail}>{email}</div> },
    { separator: true },
    { label: 'Profile', icon: 'pi pi-user', command: onProfile },
    { separator: true },
    { label: 'Logout', icon: 'pi pi-sign-out', command: onLogout },
  ];
  return (
    <>
      <button
        type="button"
        className={styles.userButton}
        aria-haspopup="menu"
        aria-controls="user-menu"
        aria-label={`User menu for ${email}`}
        onClick={(event) => menu.current?.toggle(event)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {email.charAt(0).toUpperCase()}
        </span>
        <span className={styles.email}>{email}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <Menu model={items} popup ref={menu} id="user-menu" popupAlignment="right" />
    </>
  );
}
