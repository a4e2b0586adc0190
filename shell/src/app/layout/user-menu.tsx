import { useRef } from 'react';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import styles from './layout.module.css';

/**
 * The user's email with Profile and Logout (spec §2, common layout), and Change Password: every role may change
 * its password (spec §6 lists it among the affiliate's abilities), so it is one click away, not an address to type.
 */
export function UserMenu({
  email,
  onProfile,
  onChangePassword,
  onLogout,
}: {
  email: string;
  onProfile(): void;
  onChangePassword(): void;
  onLogout(): void;
}) {
  const menu = useRef<Menu>(null);
  const items: MenuItem[] = [
    // On narrow screens the button shows only the avatar, so the menu names the account, whole: the menu
    // grows to the window's width, and an address wider still ends in an ellipsis with the full text in its
    // title (screen readers read the whole address from the text itself).
    {
      template: () => (
        <div className={styles.menuEmail} title={email} data-full-text={email}>
          {email}
        </div>
      ),
    },
    { separator: true },
    { label: 'Profile', icon: 'pi pi-user', command: onProfile },
    { label: 'Change Password', icon: 'pi pi-key', command: onChangePassword },
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
      <Menu
        model={items}
        popup
        ref={menu}
        id="user-menu"
        popupAlignment="right"
        className={styles.userMenuPanel}
      />
    </>
  );
}
