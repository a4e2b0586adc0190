import { useEffect, useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { buildMenu } from '@portal/contracts/web';
import type { MenuGroup } from '@portal/contracts/web';
import styles from './layout.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link;

const groupHolds = (group: MenuGroup, path: string) => group.children.some((child) => child.target === path);

/** The menu of spec §2, built from the user's rights: links, and groups that open and close on click. */
export function Sidebar({
  userRights,
  onNavigate,
}: {
  userRights: readonly string[];
  onNavigate?: () => void;
}) {
  const menu = useMemo(() => buildMenu(userRights), [userRights]);
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});

  // Arriving on a page inside a group (a link, the back button) opens that group.
  useEffect(() => {
    const holding = menu.find((entry) => entry.kind === 'group' && groupHolds(entry, pathname));
    if (holding) setOpenGroups((open) => (open[holding.right] ? open : { ...open, [holding.right]: true }));
  }, [menu, pathname]);

  return (
    <nav aria-label="Main menu" className={styles.nav}>
      <ul className={styles.menu}>
        {menu.map((entry) => {
          if (entry.kind === 'link') {
            return (
              <li key={entry.right}>
                <NavLink to={entry.target} end className={linkClass} onClick={onNavigate}>
                  <i className={entry.icon} aria-hidden="true" />
                  <span>{entry.label}</span>
                </NavLink>
              </li>
            );
          }
          const open = openGroups[entry.right] ?? false;
          const childrenId = `menu-group-${entry.right}`;
          const holdsActive = groupHolds(entry, pathname);
          return (
            <li key={entry.right}>
              <button
                type="button"
                className={holdsActive ? `${styles.link} ${styles.groupActive}` : styles.link}
                aria-expanded={open}
                aria-controls={childrenId}
                onClick={() => setOpenGroups((state) => ({ ...state, [entry.right]: !open }))}
              >
                <i className={entry.icon} aria-hidden="true" />
                <span>{entry.label}</span>
                <i
                  className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'} ${styles.chevron}`}
                  aria-hidden="true"
                />
              </button>
              <ul id={childrenId} className={styles.submenu} hidden={!open}>
                {entry.children.map((child) => (
                  <li key={child.target}>
                    <NavLink to={child.target} end className={linkClass} onClick={onNavigate}>
                      <i className={child.icon} aria-hidden="true" />
                      <span>{child.label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
