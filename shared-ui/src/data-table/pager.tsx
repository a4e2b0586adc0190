import { Button } from 'primereact/button';
import { clampPage, pageCount, pageItems } from './page-items';
import styles from './data-table.module.css';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Affiliate list pages". */
  label?: string;
  disabled?: boolean;
}

/** Prev, first, last, the current page's neighbours, ellipses and Next (spec §2). */
export function Pager({
  page,
  pageSize,
  totalCount,
  onPageChange,
  label = 'Pages',
  disabled = false,
}: PagerProps) {
  const pages = pageCount(totalCount, pageSize);
  const current = clampPage(page, pages);
  const from = totalCount === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(totalCount, current * pageSize);
  const go = (target: number) => {
    const next = clampPage(target, pages);
    if (next !== current) onPageChange(next);
  };

  return (
    <nav className={styles.pager} aria-label={label}>
      <span className={styles.pagerSummary} aria-live="polite">
        {totalCount === 0 ? 'No records' : `Showing ${from}–${to} of ${totalCount}`}
      </span>
      <ul className={styles.pagerList}>
        <li>
          <Button
            type="button"
            label="Prev"
            icon="pi pi-angle-left"
            size="small"
            text
            disabled={disabled || current <= 1}
            onClick={() => go(current - 1)}
          />
        </li>
        {pageItems(current, pages).map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Button
                type="button"
                label={String(item.page)}
                size="small"
                outlined={item.page !== current}
                className={styles.pageButton}
                disabled={disabled}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={() => go(item.page)}
              />
            </li>
          ),
        )}
        <li>
          <Button
            type="button"
            label="Next"
            icon="pi pi-angle-right"
            iconPos="right"
            size="small"
            text
            disabled={disabled || current >= pages}
            onClick={() => go(current + 1)}
          />
        </li>
      </ul>
    </nav>
  );
}
