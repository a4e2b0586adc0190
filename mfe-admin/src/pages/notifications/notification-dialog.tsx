import { Suspense, lazy, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { ALL_COUNTRIES_ID, ALL_COUNTRIES_LABEL, SaveNotificationRequest } from '@portal/contracts';
import type { CountryOption, NotificationItem, SaveNotification } from '@portal/contracts';
import { FormDialog, LoadingSpinner, notify } from '@portal/shared-ui';
import { nextCountrySelection } from './country-selection';
import { saveNotification } from './notifications-api';
import styles from './notifications-page.module.css';

// Quill and its theme load when the dialog first opens, never with the list.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

interface FormValues {
  title: string;
  messageText: string;
  countryID: number[];
}

export interface NotificationDialogProps {
  /** The notification to edit; null adds a new one. */
  editing: NotificationItem | null;
  countries: readonly CountryOption[];
  onClose(): void;
  /** After a successful save: the dialog closes and the list reloads. */
  onSaved(): void;
}

/** Add/edit modal of spec §2: title, rich-text message, multi-select country with All Countries. */
export default function NotificationDialog({
  editing,
  countries,
  onClose,
  onSaved,
}: NotificationDialogProps) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, SaveNotification>({
    // The request also takes a single countryID number (its input type is unknown); the form always has a list.
    resolver: zodResolver(SaveNotificationRequest) as unknown as Resolver<
      FormValues,
      unknown,
      SaveNotification
    >,
    defaultValues: {
      title: editing?.title ?? '',
      messageText: editing?.messageText ?? '',
      countryID: editing?.countryIDs ?? [],
    },
  });
  const options = [
    { label: ALL_COUNTRIES_LABEL, value: ALL_COUNTRIES_ID },
    ...countries.map((country) => ({ label: country.countryName, value: country.countryID })),
  ];

  const submit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const answer = await saveNotification({
        ...values,
        ...(editing ? { notificationID: editing.notificationID } : {}),
      });
      notify.success(answer.message);
      onSaved();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormDialog
      visible
      header={editing ? 'Edit Notification' : 'Add Notification'}
      submit={{ formId: `${id}-form`, label: editing ? 'Update' : 'Save', saving }}
      dirty={isDirty}
      busy={saving}
      onClose={onClose}
      style={{ width: 'min(44rem, 96vw)' }}
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-title`}>Title</label>
          <InputText
            id={`${id}-title`}
            {...register('title')}
            invalid={Boolean(errors.title)}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={errors.title ? `${id}-title-error` : undefined}
          />
          {errors.title ? (
            <small id={`${id}-title-error`} className={styles.error}>
              {errors.title.message}
            </small>
          ) : null}
        </div>

        <div className={styles.field}>
          <span id={`${id}-message-label`} className={styles.label}>
            Message
          </span>
          <Controller
            control={control}
            name="messageText"
            render={({ field }) => (
              <Suspense fallback={<LoadingSpinner label="Loading editor" />}>
                <RichTextEditor
                  initialHtml={field.value}
                  onChange={field.onChange}
                  labelledBy={`${id}-message-label`}
                  invalid={Boolean(errors.messageText)}
                  describedBy={errors.messageText ? `${id}-message-error` : undefined}
                />
              </Suspense>
            )}
          />
          {errors.messageText ? (
            <small id={`${id}-message-error`} className={styles.error}>
              {errors.messageText.message}
            </small>
          ) : null}
        </div>

        <div className={styles.field}>
          <label htmlFor={`${id}-country`}>Country</label>
          <Controller
            control={control}
            name="countryID"
            render={({ field }) => (
              <MultiSelect
                inputId={`${id}-country`}
                value={field.value}
                options={options}
                optionLabel="label"
                optionValue="value"
                display="chip"
                placeholder="Select country"
                showSelectAll={false}
                invalid={Boolean(errors.countryID)}
                aria-describedby={errors.countryID ? `${id}-country-error` : undefined}
                onChange={(event) =>
                  field.onChange(nextCountrySelection(field.value, event.value as number[]))
                }
                className={styles.countries}
              />
            )}
          />
          {errors.countryID ? (
            <small id={`${id}-country-error`} className={styles.error}>
              {errors.countryID.message}
            </small>
          ) : null}
        </div>
      </form>
    </FormDialog>
  );
}
