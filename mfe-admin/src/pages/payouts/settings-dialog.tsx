import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { SavePayoutSettingsRequest } from '@portal/contracts';
import type { PayoutSettings } from '@portal/contracts';
import { FormDialog, fieldErrorsOf, notify } from '@portal/shared-ui';
import { savePayoutSettings } from './payouts-api';
import { PROVIDER_LABELS } from './payout-text';
import styles from './payouts.module.css';

interface FormValues {
  minimumPayout: string;
  withholdingPercent: string;
}
const FIELDS = ['minimumPayout', 'withholdingPercent'] as const;

export interface SettingsDialogProps {
  settings: PayoutSettings;
  onClose(): void;
  onSaved(settings: PayoutSettings): void;
}

/**
 * Payout settings (issue 28): the minimum payout in naira and the withholding percentage new runs use. The
 * contract's rule checks the fields before anything is sent; a change typed and not saved is asked about.
 */
export default function SettingsDialog({ settings, onClose, onSaved }: SettingsDialogProps) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, { minimumPayout: string; withholdingPercent: string }>({
    resolver: zodResolver(SavePayoutSettingsRequest) as unknown as Resolver<
      FormValues,
      unknown,
      { minimumPayout: string; withholdingPercent: string }
    >,
    defaultValues: {
      minimumPayout: settings.minimumPayout,
      withholdingPercent: settings.withholdingPercent,
    },
  });

  const submit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const answer = await savePayoutSettings(values);
      notify.success(answer.message);
      onSaved(answer.settings);
    } catch (error) {
      const named = fieldErrorsOf(error, FIELDS);
      for (const field of FIELDS) {
        const message = named[field];
        if (message) setError(field, { message });
      }
    } finally {
      setSaving(false);
    }
  });

  const addon = (unit: string) => (
    <span className="p-inputgroup-addon" aria-hidden="true">
      {unit}
    </span>
  );

  const field = (name: keyof FormValues, label: string, hint: string, unit: string, unitAfter = false) => {
    const error = errors[name]?.message;
    const describedBy = [`${id}-${name}-hint`, error ? `${id}-${name}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className={styles.field}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <div className="p-inputgroup">
          {unitAfter ? null : addon(unit)}
          <InputText
            id={`${id}-${name}`}
            inputMode="decimal"
            autoComplete="off"
            {...register(name)}
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
          />
          {unitAfter ? addon(unit) : null}
        </div>
        <small id={`${id}-${name}-hint`} className={styles.hint}>
          {hint}
        </small>
        {error ? (
          <small id={`${id}-${name}-error`} className={styles.error}>
            {error}
          </small>
        ) : null}
      </div>
    );
  };

  return (
    <FormDialog
      visible
      header="Payout settings"
      submit={{ formId: `${id}-form`, label: 'Save', saving }}
      dirty={isDirty}
      busy={saving}
      onClose={onClose}
      style={{ width: 'min(32rem, 96vw)' }}
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {field(
          'minimumPayout',
          'Minimum payout (naira)',
          'An affiliate is paid when the commission available at the cutoff is at least this much.',
          '₦',
        )}
        {field(
          'withholdingPercent',
          'Withholding (%)',
          'Deducted from each payout, 0 to 100, at most two decimals.',
          '%',
          true,
        )}
        <p className={styles.hint}>
          {`Payments go by ${PROVIDER_LABELS[settings.provider].toLowerCase()}. A run keeps the settings it was created with.`}
        </p>
      </form>
    </FormDialog>
  );
}
