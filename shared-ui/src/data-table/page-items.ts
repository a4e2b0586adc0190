/** One slot of the pager: a page number, or an ellipsis standing for two or more hidden pages. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: 'start' | 'end' };

/** Up to this many pages the pager lists every page (spec §9). */
export const ALL_PAGES_THRESHOLD = 5;

/** Number of pages for `totalCount` rows of `pageSize`; at least 1 so an empty list still has a page 1. */
export function pageCount(totalCount: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(Math.max(0, totalCount) / pageSize));
}

/** `page` kept inside 1..pages. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

/**
 * The pager's slots (spec §2): every page when there are 5 or fewer; otherwise the first page, the last
 * page, the current page and its neighbours, with an ellipsis for each run of skipped pages. A run of one
 * page is shown as that page: an ellipsis never stands for a single page, it would take as much room.
 */
export function pageItems(currentPage: number, pages: number): PageItem[] {
  const total = Math.max(1, Math.trunc(pages));
  const current = clampPage(currentPage, total);
  if (total <= ALL_PAGES_THRESHOLD) {
    return Array.from({ length: total }, (_, i) => ({ kind: 'page', page: i + 1 }));
  }
  const shown = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    const gap = page - previous - 1;
    if (gap === 1) items.push({ kind: 'page', page: previous + 1 });
    else if (gap > 1) items.push({ kind: 'ellipsis', key: previous === 1 ? 'start' : 'end' });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}
