import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './list-screen.module.css';

export interface ListScreenProps {
  /** The page's h1, which also names its section. */
  title: string;
  /** Beside the title, e.g. an 'Add New User' link. */
  actions?: ReactNode;
  /** The filter fields (FilterField), in a search landmark; without them, no filter card. */
  filters?: ReactNode;
  /** The table (PagedTable or DataTable) and anything below it, e.g. dialogs. */
  children: ReactNode;
}

/**
 * The frame of an admin or back-office list: title and actions, the filter card, then the table. One look and
 * one stylesheet for every list, instead of each page copying the same CSS.
 */
export function ListScreen({ title, actions, filters, children }: ListScreenProps) {
  const id = useId();
  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <h1 id={`${id}-title`}>{title}</h1>
        {actions}
      </header>
      {filters ? (
        <div className={styles.filters} role="search">
          {filters}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export interface FilterFieldProps {
  /** The id of the control the label names. */
  htmlFor: string;
  label: string;
  /** Share the row with the other fields (wrapping below 14rem) instead of keeping the control's width. */
  grow?: boolean;
  children: ReactNode;
}

/** One labelled control of a list's filter card. */
export function FilterField({ htmlFor, label, grow = false, children }: FilterFieldProps) {
  return (
    <div className={grow ? `${styles.field} ${styles.grow}` : styles.field}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}
