import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { PayoutMessages } from '@portal/contracts';
import type { PayoutResultProblem, PayoutResultResponse } from '@portal/contracts';
import { DataTable, ThemedButton, errorMessageOf, notify } from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { uploadBankResult } from './payouts-api';
import styles from './payouts.module.css';

const PROBLEM_COLUMNS: DataColumn<PayoutResultProblem>[] = [
  { key: 'row', header: 'Row', render: (p) => p.row, className: styles.number },
  { key: 'reference', header: 'Reference', render: (p) => p.reference ?? '' },
  { key: 'reason', header: 'Problem', render: (p) => p.reason, wrap: true },
];

const isResultFileName = (name: string) => /\.(xlsx|csv)$/i.test(name.trim());

export interface BankResultUploadProps {
  runId: number;
  /** False once every line has its result: the last upload's outcome stays, the form goes. */
  canUpload?: boolean;
  /** After the file was applied (some lines may have changed). */
  onApplied(answer: PayoutResultResponse): void;
}

/**
 * The bank's result file (Reference, Status paid|failed, Reason), .xlsx or .csv: the gateway applies it in one
 * transaction and answers the counts and the rows it could not apply, which are listed here with their reason.
 */
export function BankResultUpload({ runId, canUpload = true, onApplied }: BankResultUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [answer, setAnswer] = useState<PayoutResultResponse | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setAnswer(null);
    setRefusal(null);
    if (chosen && !isResultFileName(chosen.name)) {
      setProblem(PayoutMessages.resultFileType);
      setFile(null);
      if (input.current) input.current.value = '';
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    if (!file) {
      setProblem(PayoutMessages.resultFileRequired);
      return;
    }
    setUploading(true);
    setAnswer(null);
    setRefusal(null);
    try {
      const result = await uploadBankResult(runId, file);
      setAnswer(result);
      notify.success(result.message);
      setFile(null);
      if (input.current) input.current.value = '';
      onApplied(result);
    } catch (error) {
      // The HTTP client has toasted it; it stays here beside the file it is about.
      setRefusal(errorMessageOf(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>The bank’s result</h2>
      {canUpload ? (
        <>
          <p className={styles.hint}>
            Upload the file the bank gave back (.xlsx or .csv) with the columns Reference, Status (paid or
            failed) and Reason. Lines are matched by reference; a failed line needs a reason.
          </p>
          <form className={styles.uploadRow} onSubmit={(event) => void upload(event)} noValidate>
            <div className={styles.field}>
              <label htmlFor={`${id}-file`}>Result file (.xlsx, .csv)</label>
              <input
                ref={input}
                id={`${id}-file`}
                className={styles.fileInput}
                type="file"
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                onChange={choose}
                disabled={uploading}
                aria-invalid={problem !== null}
                aria-describedby={problem ? `${id}-file-error` : undefined}
              />
              {problem ? (
                <small id={`${id}-file-error`} className={styles.error} role="alert">
                  {problem}
                </small>
              ) : null}
            </div>
            <ThemedButton
              type="submit"
              label="Upload result"
              icon="pi pi-upload"
              loading={uploading}
              disabled={uploading}
            />
          </form>
        </>
      ) : null}
      {refusal ? (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      ) : null}
      {answer ? (
        <>
          <p className={styles.success} role="status">
            {answer.message}
            {answer.unchanged > 0
              ? ` ${answer.unchanged} row${answer.unchanged === 1 ? '' : 's'} already said so.`
              : ''}
          </p>
          {answer.problems.length > 0 ? (
            <DataTable
              columns={PROBLEM_COLUMNS}
              rows={answer.problems}
              rowKey={(p) => `${p.row}-${p.reason}`}
              caption="Rows not applied"
              showCaption
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
