import { Button } from 'primereact/button';
import styles from './admin-orders-page.module.css';

export interface OrderPagerProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** Previous / 'Page x of y' / Next (spec §2); a page outside 1..pages is ignored (spec §4). */
export function OrderPager({ page, pages, onPageChange, disabled = false }: OrderPagerProps) {
  const go = (target: number) => {
    if (target >= 1 && target <= pages && target !== page) onPageChange(target);
  };
  return (
    <nav className={styles.pager} aria-label="Order pages">
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
