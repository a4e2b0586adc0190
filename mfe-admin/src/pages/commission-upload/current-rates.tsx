import { useId, useState } from 'react';
import type { CommissionRate } from '@portal/contracts';
import { Dropdown } from 'primereact/dropdown';
import { PagedTable, dropdownPassThrough, formatNaira, serialColumn, usePagedList } from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { RATES_PAGE_SIZE, fetchCurrentRates } from './commission-api';
import styles from './commission-upload.module.css';

/** Beyond the spec: the rate in force today per affiliate and category, searched and paged by the server. */
export function CurrentRates() {
  const id = useId();
  const [categories, setCategories] = useState<string[]>([]);
  const list = usePagedList<CommissionRate, { category: string }>({
    fetchPage: async ({ page, search, filters }, signal) => {
      const answer = await fetchCurrentRates({ page, search, category: filters.category }, signal);
      setCategories(answer.categories);
      return answer;
    },
    pageSize: RATES_PAGE_SIZE,
    defaultFilters: { category: '' },
  });

  const columns: DataColumn<CommissionRate>[] = [
    serialColumn<CommissionRate>((list.page - 1) * RATES_PAGE_SIZE + 1),
    { key: 'code', header: 'Affiliate ID', render: (r) => r.affiliateCode },
    { key: 'name', header: 'Name', render: (r) => r.affiliateName ?? '—' },
    { key: 'category', header: 'Product Category', render: (r) => r.productCategory },
    { key: 'rate', header: 'Commission Rate (%)', render: (r) => r.ratePercent, className: styles.number },
    {
      key: 'minimum',
      header: 'Minimum Order Value',
      render: (r) => formatNaira(r.minimumOrderValue),
      className: styles.number,
    },
    { key: 'date', header: 'Effective Date', render: (r) => r.effectiveDate },
  ];

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Current rates</h2>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor={`${id}-search`}>Search</label>
          <input
            id={`${id}-search`}
            className="p-inputtext p-component"
            type="search"
            placeholder="Affiliate ID or name"
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-category`}>Product Category</label>
          {/* The portal's dropdown, as on every other filter: a native select in the theme's input class lost its
              chevron (the theme sets appearance: none), so nothing said it opened. */}
          <Dropdown
            pt={dropdownPassThrough}
            inputId={`${id}-category`}
            value={list.filters.category}
            options={[
              { label: 'All categories', value: '' },
              ...categories.map((category) => ({ label: category, value: category })),
            ]}
            optionLabel="label"
            optionValue="value"
            filter={categories.length > 8}
            filterPlaceholder="Search categories"
            onChange={(event) => list.setFilters({ category: (event.value as string | null) ?? '' })}
          />
        </div>
      </div>
      <PagedTable
        list={list}
        columns={columns}
        rowKey={(r) => JSON.stringify([r.affiliateCode, r.productCategory])}
        caption="Commission rates in force today"
        emptyMessage="No commission rates found."
        errorMessage="The commission rates could not be loaded."
        pagerLabel="Commission rates pages"
      />
    </section>
  );
}
