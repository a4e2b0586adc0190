import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLoad } from './use-load';
import type { LoadState } from './use-load';

/** Search boxes wait this long after the last keystroke before asking the server (spec §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** String-valued filters, so each one can live in the address as `?name=value`. */
export type ListFilters = Record<string, string>;

/** What one page request asks the server for. */
export interface PageQuery<Filters extends ListFilters> {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The search box's text after the debounce, trimmed. */
  search: string;
  filters: Filters;
}

export interface PageOfRows<Row> {
  results: Row[];
  totalCount: number;
}

export interface PagedListOptions<Row, Filters extends ListFilters> {
  fetchPage(query: PageQuery<Filters>, signal: AbortSignal): Promise<PageOfRows<Row>>;
  pageSize: number;
  /** Every filter with its default; a filter at its default is left out of the address. */
  defaultFilters: Filters;
  /** Reads a filter from the address (e.g. words a dashboard link uses); default: the value as it is. */
  parseFilter?: (name: keyof Filters & string, value: string) => string;
  /** false: nothing is loaded yet (a report before Generate). Default true. */
  enabled?: boolean;
}

export interface PagedList<Row, Filters extends ListFilters> {
  state: LoadState;
  /** The rows of the current page; the previous page's while the next one loads. */
  rows: readonly Row[];
  totalCount: number;
  error: unknown;
  reload(): void;
  page: number;
  pageSize: number;
  setPage(page: number): void;
  /** What the search box shows (typed now); `search` follows it SEARCH_DEBOUNCE_MS later. */
  searchText: string;
  setSearchText(text: string): void;
  search: string;
  filters: Filters;
  /** Changes some filters and goes back to page 1; with `search`, applies it at once (a form's submit). */
  setFilters(changes: Partial<Filters>, search?: string): void;
  /** Every filter and the search back to their defaults, page 1. */
  reset(): void;
}

const PAGE_PARAM = 'page';
const SEARCH_PARAM = 'search';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list paged, searched and filtered by the server. The page, the search and the filters live in the address
 * (`?status=pending&search=ada&page=3`), so a link, a refresh or Back shows the same rows; a new search or
 * filter starts from page 1. Typing waits SEARCH_DEBOUNCE_MS before asking the server. Each page, search and
 * filter the person chooses is a step in the browser's history: Back from page 25 shows page 24, and Back
 * after a search shows the list before it.
 */
export function usePagedList<Row, Filters extends ListFilters>({
  fetchPage,
  pageSize,
  defaultFilters,
  parseFilter = (_name, value) => value,
  enabled = true,
}: PagedListOptions<Row, Filters>): PagedList<Row, Filters> {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get(PAGE_PARAM));
  const search = (params.get(SEARCH_PARAM) ?? '').trim();
  const filterKey = Object.keys(defaultFilters)
    .map((name) => `${name}=${params.get(name) ?? ''}`)
    .join('&');
  const filters = useMemo(() => {
    const read: ListFilters = {};
    for (const [name, fallback] of Object.entries(defaultFilters)) {
      const value = params.get(name);
      read[name] = value === null ? fallback : parseFilter(name, value);
    }
    return read as Filters;
    // The filters change only when their part of the address does (filterKey).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  // The address as this list last wrote it or last rendered it. A write starts from here, not from the render's
  // copy: a debounced search landing after a filter was chosen but before the next render would otherwise write
  // the address without that filter. A new address from outside (Back, a link) replaces it at the next render.
  const address = useRef(params.toString());
  const renderedAddress = useRef(params.toString());
  if (renderedAddress.current !== params.toString()) {
    renderedAddress.current = params.toString();
    address.current = params.toString();
  }

  /**
   * Writes the address: values equal to their default (and page 1, an empty search) are left out. A step the
   * person took is a new history entry (nothing when the address stays the same); a correction the list makes
   * by itself replaces the current one.
   */
  const update = useCallback(
    (changes: Record<string, string | number>, { replace = false }: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(address.current);
      for (const [name, value] of Object.entries(changes)) {
        const text = String(value).trim();
        const isDefault =
          name === PAGE_PARAM
            ? text === '1'
            : name === SEARCH_PARAM
              ? text === ''
              : text === (defaultFilters[name] ?? '');
        if (isDefault) next.delete(name);
        else next.set(name, text);
      }
      if (next.toString() === address.current) return;
      address.current = next.toString();
      setParams(next, { replace });
    },
    // defaultFilters is usually a literal: its content, not its identity, matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams, JSON.stringify(defaultFilters)],
  );

  const [searchText, setSearchTextNow] = useState(search);
  // Back or Forward to another search: the box shows it. (A search the box itself wrote matches it already.)
  const [addressSearch, setAddressSearch] = useState(search);
  if (addressSearch !== search) {
    setAddressSearch(search);
    if (searchText.trim() !== search) setSearchTextNow(search);
  }
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === search) return undefined;
    const timer = setTimeout(() => update({ [SEARCH_PARAM]: trimmed, [PAGE_PARAM]: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the wait; a search changed by the address (Back, Reset) is not typed again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);

  // A page is fetched again when its query changes, not when the screen passes a new fetchPage function.
  const loaded = useLoad(
    (signal) => fetchPage({ page, pageSize, search, filters }, signal),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page, pageSize, search, filters],
    { enabled, keepPreviousData: true },
  );

  const totalCount = loaded.data?.totalCount ?? 0;
  const lastPage = Math.max(1, Math.ceil(totalCount / pageSize));
  const outOfRange = loaded.state === 'ready' && loaded.data?.results.length === 0 && page > lastPage;
  useEffect(() => {
    // The last row of the last page went away (e.g. made inactive under a filter): show the new last page.
    if (outOfRange) update({ [PAGE_PARAM]: lastPage }, { replace: true });
  }, [outOfRange, lastPage, update]);

  const setPage = useCallback((next: number) => update({ [PAGE_PARAM]: next }), [update]);
  const setFilters = useCallback(
    (changes: Partial<Filters>, nextSearch?: string) => {
      if (nextSearch !== undefined) setSearchTextNow(nextSearch.trim());
      update({
        ...(changes as Record<string, string>),
        ...(nextSearch !== undefined ? { [SEARCH_PARAM]: nextSearch } : {}),
        [PAGE_PARAM]: 1,
      });
    },
    [update],
  );
  const reset = useCallback(() => {
    setSearchTextNow('');
    update({ ...defaultFilters, [SEARCH_PARAM]: '', [PAGE_PARAM]: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [update]);

  return {
    state: loaded.state,
    rows: loaded.data?.results ?? [],
    totalCount,
    error: loaded.error,
    reload: loaded.reload,
    page,
    pageSize,
    setPage,
    searchText,
    setSearchText: setSearchTextNow,
    search,
    filters,
    setFilters,
    reset,
  };
}
