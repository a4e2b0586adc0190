import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { COMMISSION_TEMPLATE_PATH, Messages, isExcelFileName } from '@portal/contracts';
import type { CommissionRowError } from '@portal/contracts';
import { DataTable, ThemedButton, notify } from '@portal/shared-ui';
import { uploadCommissionFile, type UploadOutcome } from './commission-api';
import styles from './commission-upload.module.css';

const ERROR_COLUMNS = [
  { key: 'row', header: 'Row', render: (e: CommissionRowError) => e.row, className: styles.number },
  { key: 'column', header: 'Column', render: (e: CommissionRowError) => e.column },
  { key: 'reason', header: 'Reason', render: (e: CommissionRowError) => e.reason },
];

/**
 * Spec §2 and §5: a file picker for .xlsx/.xls (any other extension shows the spec's message and clears the
 * choice), Upload (disabled with no file or while uploading, with a spinner), upload progress, the template,
 * then the server's message or the rows it refused.
 */
export function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);

  const clearChoice = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setOutcome(null);
    if (chosen && !isExcelFileName(chosen.name)) {
      setTypeError(Messages.invalidExcelType);
      clearChoice();
      return;
    }
    setTypeError(null);
    setFile(chosen);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || uploading) return;
    setUploading(true);
    setProgress(0);
    setOutcome(null);
    const result = await uploadCommissionFile(file, setProgress);
    setUploading(false);
    setOutcome(result);
    if (result.success) {
      // Answered as a refusal is: a toast (spec §8: the server's message) and the message on the page.
      notify.success(result.message);
      clearChoice();
      onUploaded();
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Upload commission rates</h2>
      <p className={styles.hint}>
        One row per rate with the columns Affiliate ID, Commission Rate (%), Product Category, Minimum Order
        Value and Effective Date (yyyy-MM-dd). A row for a date already held replaces that rate; earlier dates
        stay.
      </p>
      <form className={styles.uploadRow} onSubmit={upload} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-file`}>Excel file (.xlsx, .xls)</label>
          <input
            ref={input}
            id={`${id}-file`}
            className={styles.fileInput}
            type="file"
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            onChange={choose}
            disabled={uploading}
            aria-invalid={typeError !== null}
            aria-describedby={typeError ? `${id}-type-error` : undefined}
          />
        </div>
        <ThemedButton
          type="submit"
          label="Upload"
          icon="pi pi-upload"
          loading={uploading}
          disabled={!file || uploading}
        />
        <a className="p-button p-button-outlined p-component" href={COMMISSION_TEMPLATE_PATH} download>
          <span className="p-button-icon p-button-icon-left pi pi-download" aria-hidden="true" />
          <span className="p-button-label">Download Template</span>
        </a>
      </form>
      {typeError ? (
        <p id={`${id}-type-error`} className={styles.fieldError} role="alert">
          {typeError}
        </p>
      ) : null}
      {uploading ? (
        <div className={styles.progress}>
          <progress id={`${id}-progress`} max={100} value={progress} aria-label="Upload progress" />
          <span aria-live="polite">{progress < 100 ? `Uploading… ${progress}%` : 'Checking the file…'}</span>
        </div>
      ) : null}
      {outcome?.success ? (
        <p className={styles.success} role="status">
          {outcome.message}
        </p>
      ) : null}
      {outcome && !outcome.success ? (
        <>
          <p className={styles.failure} role="alert">
            {outcome.message}
          </p>
          {outcome.errors.length ? (
            <DataTable
              columns={ERROR_COLUMNS}
              rows={outcome.errors}
              rowKey={(e) => `${e.row}-${e.column}-${e.reason}`}
              caption="Rows to correct"
              showCaption
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
