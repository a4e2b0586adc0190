import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import styles from './list-screen.module.css';

export interface ListScreenProps {
  /** The page's h1, which also names its section. */
  title: string;
  /** Beside the title, e.g. an 'Add New User' link. */
  actions?: ReactNode;
  /** The filter fields (FilterField), in a search landmark; without them, no filter card. */
  filters?: ReactNode;
  /** Names the search landmark when the page has more than one, e.g. "Filter orders". */
  filtersLabel?: string;
  /**
   * Filters applied by a button (e.g. Search) rather than as they change: the card is a form of this name
   * whose submit calls `onSubmit` (the browser's own validation off; the page shows its messages).
   */
  filtersForm?: { label: string; onSubmit: (event: FormEvent) => void };
  /** Between the title and the filters, e.g. the list's summary cards. */
  summary?: ReactNode;
  /** The table (PagedTable or DataTable) and anything below it, e.g. dialogs. */
  children: ReactNode;
}

/**
 * The frame of an admin or back-office list: title and actions, the filter card, then the table. One look and
 * one stylesheet for every list, instead of each page copying the same CSS.
 */
export function ListScreen({
  title,
  actions,
  summary,
  filters,
  filtersLabel,
  filtersForm,
  children,
}: ListScreenProps) {
  const id = useId();
  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <h1 id={`${id}-title`}>{title}</h1>
        {actions}
      </header>
      {summary}
      {filters && filtersForm ? (
        <form
          className={styles.filters}
          aria-label={filtersForm.label}
          onSubmit={filtersForm.onSubmit}
          noValidate
        >
          {filters}
        </form>
      ) : filters ? (
        <div className={styles.filters} role="search" aria-label={filtersLabel}>
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

export interface SearchFilterProps {
  /** The list whose search text the box holds (usePagedList: debounced, kept in the address). */
  list: { searchText: string; setSearchText: (text: string) => void };
  placeholder: string;
  label?: string;
  grow?: boolean;
  /** Extra class on the box, e.g. its width. */
  className?: string;
}

/** A list's search box, in its filter card. */
export function SearchFilter({ list, placeholder, label = 'Search', grow, className }: SearchFilterProps) {
  const id = useId();
  return (
    <FilterField htmlFor={id} label={label} grow={grow}>
      <InputText
        id={id}
        type="search"
        value={list.searchText}
        placeholder={placeholder}
        onChange={(event) => list.setSearchText(event.target.value)}
        className={className}
      />
    </FilterField>
  );
}

/** Reset: the list's filters and search back to their defaults. */
export function ResetFilters({ onReset }: { onReset: () => void }) {
  return (
    <Button
      type="button"
      label="Reset"
      icon="pi pi-refresh"
      severity="secondary"
      outlined
      onClick={onReset}
    />
  );
}
