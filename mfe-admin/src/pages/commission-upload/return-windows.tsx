import { useId, useState } from 'react';
import type { ReturnWindow } from '@portal/contracts';
import { returnDaysProblem } from '@portal/contracts';
import { DataTable, errorMessageOf, formatDate, notify, useLoad } from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { fetchReturnWindows, saveReturnWindow } from './return-windows-api';
import styles from './commission-upload.module.css';

/**
 * Issue 28, beyond the spec: the return window per product category, edited in place. An order's commission
 * is pending for that many days after the order is Delivered or Completed, then available to pay.
 */
export function ReturnWindows() {
  const id = useId();
  const loaded = useLoad((signal) => fetchReturnWindows(signal), []);
  // Typed values and their problems, per category, until saved.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const [saved, setSaved] = useState<Record<string, ReturnWindow>>({});

  const current = (row: ReturnWindow) => saved[row.productCategory] ?? row;
  const draftOf = (row: ReturnWindow) => drafts[row.productCategory] ?? String(current(row).returnDays);

  async function save(row: ReturnWindow) {
    const category = row.productCategory;
    const text = draftOf(row);
    const problem = returnDaysProblem(text);
    setProblems((all) => ({ ...all, [category]: problem ?? '' }));
    if (problem) return;
    setSaving(category);
    try {
      const answer = await saveReturnWindow(category, Number(text.trim()));
      setSaved((all) => ({ ...all, [category]: answer.window }));
      setDrafts((all) => {
        const rest = { ...all };
        delete rest[category];
        return rest;
      });
      notify.success(answer.message);
    } catch (error) {
      setProblems((all) => ({ ...all, [category]: errorMessageOf(error) }));
    } finally {
      setSaving(null);
    }
  }

  const fieldId = (index: number) => `${id}-days-${index}`;
  const columns: DataColumn<ReturnWindow>[] = [
    { key: 'category', header: 'Product Category', render: (r) => r.productCategory, wrap: true },
    {
      key: 'days',
      header: 'Return window (days)',
      render: (r, index) => {
        const problem = problems[r.productCategory];
        return (
          <div className={styles.windowField}>
            <label htmlFor={fieldId(index)} className={styles.visuallyHidden}>
              {`Return window of ${r.productCategory} in days`}
            </label>
            <input
              id={fieldId(index)}
              className="p-inputtext p-component"
              inputMode="numeric"
              size={4}
              value={draftOf(r)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${fieldId(index)}-problem` : undefined}
              onChange={(event) => {
                const value = event.target.value;
                setDrafts((all) => ({ ...all, [r.productCategory]: value }));
                if (problem) setProblems((all) => ({ ...all, [r.productCategory]: '' }));
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void save(r);
              }}
            />
            {problem ? (
              <p id={`${fieldId(index)}-problem`} className={styles.fieldError}>
                {problem}
              </p>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'changed',
      header: 'Last changed',
      render: (r) => {
        const shown = current(r);
        return shown.isDefault || !shown.updatedAt
          ? 'Default'
          : `${formatDate(shown.updatedAt)}${shown.updatedBy ? ` by ${shown.updatedBy}` : ''}`;
      },
      wrap: true,
    },
    {
      key: 'save',
      header: 'Action',
      actions: true,
      render: (r) => (
        // ThemedButton's look, with a name per row for screen readers ("Save" alone would be ambiguous).
        <button
          type="button"
          className="p-button p-component"
          aria-label={`Save the return window of ${r.productCategory}`}
          disabled={saving !== null || draftOf(r).trim() === String(current(r).returnDays)}
          onClick={() => void save(r)}
        >
          {saving === r.productCategory ? (
            <span className="p-button-icon p-button-icon-left pi pi-spin pi-spinner" aria-hidden="true" />
          ) : null}
          <span className="p-button-label">Save</span>
        </button>
      ),
    },
  ];

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Return windows</h2>
      <p className={styles.hint}>
        {`Commission is held for this many days after an order is Delivered or Completed, then becomes available. ` +
          `Whole days from 0 to 365; categories not set hold ${loaded.data?.defaultDays ?? 14} days. A change applies to orders that qualify afterwards.`}
      </p>
      <DataTable
        columns={columns}
        rows={loaded.data?.results ?? []}
        rowKey={(r) => r.productCategory}
        caption="Return window per product category"
        loading={loaded.state === 'loading'}
        emptyMessage="No product categories yet: a category appears with its first commission rate."
        errorMessage={loaded.state === 'error' ? 'The return windows could not be loaded.' : undefined}
        onRetry={loaded.reload}
        error={loaded.error}
      />
    </section>
  );
}
