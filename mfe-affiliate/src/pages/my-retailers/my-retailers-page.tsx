import { useEffect, useMemo } from 'react';
import { MY_LIST_PAGE_SIZE } from '@portal/contracts';
import type { AffiliateRetailer } from '@portal/contracts';
import {
  ListScreen,
  PagedTable,
  ResetFilters,
  SearchFilter,
  serialColumn,
  usePagedList,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { fetchMyRetailers } from './my-retailers-api';
import styles from '../common/network-list.module.css';

const NO_FILTERS = {};

/** Spec §2 My Retailers: the retailers of the affiliate's own network, paged and searched by the server. */
export default function MyRetailersPage() {
  const list = usePagedList<AffiliateRetailer, Record<string, string>>({
    fetchPage: ({ page, search }, signal) => fetchMyRetailers({ page, search }, signal),
    pageSize: MY_LIST_PAGE_SIZE,
    defaultFilters: NO_FILTERS,
  });
  useEffect(() => {
    document.title = 'My Retailers | Affiliate Portal';
  }, []);

  const firstRow = (list.page - 1) * MY_LIST_PAGE_SIZE + 1;
  const columns = useMemo<DataColumn<AffiliateRetailer>[]>(
    () => [
      serialColumn<AffiliateRetailer>(firstRow),
      { key: 'retailerId', header: 'Retailer ID', render: (retailer) => retailer.retailerId },
      { key: 'faoName', header: 'FAO Name', render: (retailer) => retailer.faoName },
      { key: 'faoMobileNo', header: 'FAO Mobile No.', render: (retailer) => retailer.faoMobileNo },
      { key: 'clusterManager', header: 'Cluster Manager', render: (retailer) => retailer.clusterManager },
      { key: 'businessName', header: 'Business Name', render: (retailer) => retailer.businessName },
      { key: 'location', header: 'Location', render: (retailer) => retailer.location },
    ],
    [firstRow],
  );

  return (
    <ListScreen
      title="My Retailers"
      filtersLabel="Search retailers"
      filters={
        <>
          <SearchFilter
            list={list}
            placeholder="Retailer ID, name, mobile or location"
            className={styles.search}
          />
          <ResetFilters onReset={list.reset} />
        </>
      }
    >
      <PagedTable
        list={list}
        caption="My Retailers"
        columns={columns}
        rowKey={(retailer) => retailer.retailerId}
        emptyMessage={list.search ? 'No retailers match this search.' : 'No retailers in your network yet.'}
        errorMessage="Your retailers could not be loaded."
        pagerLabel="Retailers pages"
      />
    </ListScreen>
  );
}
