import { clampPage, pageCount, pageItems } from '../page-items';
import type { PageItem } from '../page-items';

const render = (items: PageItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pageItems', () => {
  it('lists every page when there are 5 or fewer', () => {
    expect(render(pageItems(1, 1))).toBe('1');
    expect(render(pageItems(3, 5))).toBe('1 2 3 4 5');
    expect(render(pageItems(5, 5))).toBe('1 2 3 4 5');
  });

  it('shows first, last, the current page and its neighbours with ellipses beyond 5 pages', () => {
    expect(render(pageItems(1, 10))).toBe('1 2 … 10');
    expect(render(pageItems(2, 10))).toBe('1 2 3 … 10');
    expect(render(pageItems(5, 10))).toBe('1 … 4 5 6 … 10');
    expect(render(pageItems(9, 10))).toBe('1 … 8 9 10');
    expect(render(pageItems(10, 10))).toBe('1 … 9 10');
    expect(render(pageItems(500, 1000))).toBe('1 … 499 500 501 … 1000');
  });

  it('shows a single skipped page instead of an ellipsis', () => {
    expect(render(pageItems(4, 10))).toBe('1 2 3 4 5 … 10');
    expect(render(pageItems(7, 10))).toBe('1 … 6 7 8 9 10');
    expect(render(pageItems(3, 6))).toBe('1 2 3 4 5 6');
  });

  it('clamps a current page outside the range', () => {
    expect(render(pageItems(0, 10))).toBe('1 2 … 10');
    expect(render(pageItems(99, 10))).toBe('1 … 9 10');
    expect(render(pageItems(Number.NaN, 7))).toBe('1 2 … 7');
  });

  it('keeps its invariants for every current page of every size up to 40 pages', () => {
    for (let total = 1; total <= 40; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = pageItems(current, total);
        const pages = items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
        // ascending, no duplicates
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages[0]).toBe(1);
        expect(pages[pages.length - 1]).toBe(total);
        for (const p of [current - 1, current, current + 1]) {
          if (p >= 1 && p <= total) expect(pages).toContain(p);
        }
        if (total <= 5) expect(pages).toHaveLength(total);
        else expect(items.length).toBeLessThanOrEqual(7);
        // an ellipsis sits between two pages and stands for at least two hidden ones
        items.forEach((item, index) => {
          if (item.kind !== 'ellipsis') return;
          const before = items[index - 1];
          const after = items[index + 1];
          expect(before?.kind).toBe('page');
          expect(after?.kind).toBe('page');
          if (before?.kind === 'page' && after?.kind === 'page')
            expect(after.page - before.page).toBeGreaterThan(2);
        });
        // no page is hidden without an ellipsis
        for (let i = 1; i < items.length; i += 1) {
          const a = items[i - 1];
          const b = items[i];
          if (a.kind === 'page' && b.kind === 'page') expect(b.page).toBe(a.page + 1);
        }
      }
    }
  });
});

describe('pageCount and clampPage', () => {
  it('counts pages of 10 rows, with one page for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(1_000_001, 10)).toBe(100_001);
  });

  it('keeps a page inside the range', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2.7, 3)).toBe(2);
    expect(clampPage(2, 0)).toBe(1);
  });
});
