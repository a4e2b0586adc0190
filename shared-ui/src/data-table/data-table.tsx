import type { ReactNode } from 'react';
import { ProgressSpinner } from 'primereact/progressspinner';
import { LoadFailed } from '../data/load-failed';
import styles from './data-table.module.css';

export interface DataColumn<Row> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  /** `index` is the row's position on the current page, from 0. */
  render: (row: Row, index: number) => ReactNode;
  /** Extra class on the column's cells, e.g. to right-align money. */
  className?: string;
  /** Names the cell on a phone, where each row reads as a card; defaults to the header when it is text. */
  label?: string;
  /** Long text (names, addresses) wraps between words instead of widening the table; an e-mail stays whole. */
  wrap?: boolean;
  /** The row's buttons: the column stays at the right edge, in view, while the other columns scroll. */
  actions?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Read by assistive technology as the table's name. */
  caption: string;
  /** Shows the caption visually too; otherwise it is only for screen readers. */
  showCaption?: boolean;
  loading?: boolean;
  emptyMessage?: string;
  /** The rows could not be loaded: this message and a Retry button replace them (not the empty message). */
  errorMessage?: string;
  onRetry?: () => void;
  /** What the rows failed with: a refusal that cannot change gets no Retry (see LoadFailed). */
  error?: unknown;
}

function cellClass(column: Pick<DataColumn<unknown>, 'className' | 'wrap' | 'actions'>): string | undefined {
  const classes = [
    column.className,
    column.wrap ? styles.wrap : undefined,
    column.actions ? styles.actions : undefined,
  ];
  return classes.filter(Boolean).join(' ') || undefined;
}

/**
 * A plain, accessible table: header row, body rows, and three states besides the rows: a spinner while the
 * first rows load, a line when there are none, and an error with Retry. Below 768 px each row reads as a card
 * of label and value.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption = false,
  loading = false,
  emptyMessage = 'No records found.',
  errorMessage,
  onRetry = () => undefined,
  error,
}: DataTableProps<Row>) {
  const failed = errorMessage !== undefined;
  return (
    // A table wider than its box scrolls inside it: the box is focusable and named, so a keyboard can scroll it.
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} role="table" aria-busy={loading && !failed}>
        <caption className={showCaption ? styles.caption : styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} scope="col" role="columnheader" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {failed ? (
            <tr role="row" className={styles.stateRow}>
              <td role="cell" colSpan={columns.length} className={styles.placeholder}>
                <LoadFailed message={errorMessage} onRetry={onRetry} error={error} />
              </td>
            </tr>
          ) : loading && rows.length === 0 ? (
            <tr role="row" className={styles.stateRow}>
              <td role="cell" colSpan={columns.length} className={styles.placeholder}>
                <ProgressSpinner
                  style={{ width: '2rem', height: '2rem' }}
                  strokeWidth="4"
                  aria-label="Loading"
                />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr role="row" className={styles.stateRow}>
              <td role="cell" colSpan={columns.length} className={styles.placeholder}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row)} role="row" className={loading ? styles.stale : undefined}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    role="cell"
                    className={cellClass(column)}
                    data-label={
                      column.label ?? (typeof column.header === 'string' ? column.header : undefined)
                    }
                  >
                    {column.render(row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
