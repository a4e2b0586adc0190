import { Button } from 'primereact/button';
import { clampPage } from './page-items';
import styles from './data-table.module.css';

export interface PageOfPagerProps {
  /** 1-based. */
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Order pages". */
  label: string;
  disabled?: boolean;
}

/**
 * Previous / 'Page x of y' / Next, the paging of a list whose spec asks for it instead of page numbers
 * (admin/orders, spec §2); a page outside 1..pages is never asked for (spec §4).
 */
export function PageOfPager({ page, pages, onPageChange, label, disabled = false }: PageOfPagerProps) {
  const go = (target: number) => {
    const next = clampPage(target, pages);
    if (next !== page) onPageChange(next);
  };
  return (
    <nav className={`${styles.pager} ${styles.pageOfPager}`} aria-label={label}>
      <Button
        type="button"
        label="Previous"
        icon="pi pi-angle-left"
        size="small"
        outlined
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      />
      <span className={styles.pageOf} aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button
        type="button"
        label="Next"
        icon="pi pi-angle-right"
        iconPos="right"
        size="small"
        outlined
        disabled={disabled || page >= pages}
        onClick={() => go(page + 1)}
      />
    </nav>
  );
}
