import type { PagedList } from '../data/use-paged-list';
import { DataTable } from './data-table';
import type { DataTableProps } from './data-table';
import { Pager } from './pager';

/** The parts of a usePagedList answer the table and its pager read. */
export type PagedTableList<Row> = Pick<
  PagedList<Row, Record<string, string>>,
  'state' | 'rows' | 'totalCount' | 'page' | 'pageSize' | 'setPage' | 'reload'
> &
  Partial<Pick<PagedList<Row, Record<string, string>>, 'error'>>;

export interface PagedTableProps<Row>
  extends Omit<DataTableProps<Row>, 'rows' | 'loading' | 'errorMessage' | 'onRetry' | 'error'> {
  list: PagedTableList<Row>;
  /** Shown with Retry when the page cannot be loaded, e.g. "The affiliates could not be loaded." */
  errorMessage: string;
  /** Names the pager's navigation landmark. */
  pagerLabel: string;
}

/**
 * A server-paged list's table and pager in their three states: loading (a spinner; the previous page stays,
 * dimmed, while the next loads), empty (the list's empty message, no pager) and failed (the message with Retry,
 * no pager): a failure never reads as an empty list.
 */
export function PagedTable<Row>({ list, errorMessage, pagerLabel, ...table }: PagedTableProps<Row>) {
  const failed = list.state === 'error';
  const loading = list.state === 'loading';
  return (
    <>
      <DataTable
        {...table}
        rows={failed ? [] : list.rows}
        loading={loading}
        errorMessage={failed ? errorMessage : undefined}
        onRetry={list.reload}
        error={failed ? list.error : undefined}
      />
      {!failed && list.totalCount > 0 ? (
        <Pager
          page={list.page}
          pageSize={list.pageSize}
          totalCount={list.totalCount}
          onPageChange={list.setPage}
          label={pagerLabel}
          disabled={loading}
        />
      ) : null}
    </>
  );
}
