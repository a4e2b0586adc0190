import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import axios from 'axios';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { mobileInputMaxLength, roleShowsCountry, userFormSchema } from '@portal/contracts';
import type { AdminUser, SaveAdminUserResponse, UserFormInput, UserFormValues } from '@portal/contracts';
import { dropdownPassThrough } from '@portal/shared-ui';
import { saveUser } from './user-api';
import type { UserFormOptions } from './user-api';
import styles from './user-form.module.css';

export interface UserFormProps {
  /** add: the Add user page ('Please select role.'); edit: the list's Edit dialog ('Please provide role.'). */
  mode: 'add' | 'edit';
  options: UserFormOptions;
  /** The user being edited, whose values fill the form. */
  user?: AdminUser;
  submitLabel: string;
  /** Prefix of the field ids, so two forms never share one. */
  idPrefix: string;
  onSaved(answer: SaveAdminUserResponse): void;
  onCancel?(): void;
  /** Told when the form gains or loses unsaved changes (the Edit dialog asks before losing them). */
  onDirtyChange?(dirty: boolean): void;
}

type Fields = {
  fullName: string;
  email: string;
  phoneCode: string | null;
  mobileNumber: string;
  roleID: number | null;
  countryID: number | null;
};
type FieldName = keyof Fields;
const FIELDS: readonly FieldName[] = [
  'fullName',
  'email',
  'phoneCode',
  'mobileNumber',
  'roleID',
  'countryID',
];

function initialFields(user: AdminUser | undefined): Fields {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    phoneCode: user?.phoneCode || null,
    mobileNumber: user?.mobileNumber ?? '',
    roleID: user?.roleID ?? null,
    countryID: user?.countryID ?? null,
  };
}

/** The server's per-field refusals (400 `errors`) and a taken email (409), shown under their fields too. */
function serverFieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  if (!axios.isAxiosError(error)) return {};
  const data: unknown = error.response?.data;
  const body = data && typeof data === 'object' ? (data as { message?: unknown; errors?: unknown }) : {};
  if (error.response?.status === 409 && typeof body.message === 'string') return { email: body.message };
  if (error.response?.status !== 400 || !body.errors || typeof body.errors !== 'object') return {};
  const errors = body.errors as Record<string, unknown>;
  return Object.fromEntries(
    FIELDS.filter((field) => typeof errors[field] === 'string').map((field) => [field, errors[field]]),
  ) as Partial<Record<FieldName, string>>;
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}

function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {error ? (
        <small id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}

/**
 * The user form of spec §2 Add user (and the list's Edit): full name, email, country code, phone, role, and
 * country only while the chosen role shows country. The rules are the server's (contracts' userFormSchema),
 * checked in the spec's order with the roles and countries loaded for the form.
 */
export function UserForm({
  mode,
  options,
  user,
  submitLabel,
  idPrefix,
  onSaved,
  onCancel,
  onDirtyChange,
}: UserFormProps) {
  const context = useMemo(() => ({ roles: options.roles, countries: options.countries }), [options]);
  const schema = useMemo(() => userFormSchema(mode, context), [mode, context]);
  const [saving, setSaving] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm<Fields, unknown, UserFormValues>({
    resolver: zodResolver(schema) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initialFields(user),
  });
  const roleID = useWatch({ control, name: 'roleID' });
  const phoneCode = useWatch({ control, name: 'phoneCode' });
  const showCountry = roleShowsCountry(context, roleID) === true;
  const codeCountry = options.countries.find((country) => country.phoneCode === phoneCode);

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const id = (field: FieldName) => `${idPrefix}-${field}`;
  const describedBy = (field: FieldName) => (errors[field] ? `${id(field)}-error` : undefined);
  const codeOptions = useMemo(
    () =>
      options.countries
        .filter((country, index, all) => all.findIndex((c) => c.phoneCode === country.phoneCode) === index)
        .map((country) => ({
          label: `${country.phoneCode} ${country.countryName}`,
          value: country.phoneCode,
        })),
    [options.countries],
  );

  const onSubmit = async (values: UserFormValues) => {
    setSaving(true);
    try {
      const answer = await saveUser({
        ...(user ? { userID: user.userID } : {}),
        fullName: values.fullName,
        email: values.email,
        phoneCode: values.phoneCode,
        mobileNumber: values.mobileNumber,
        roleID: values.roleID,
        ...(values.countryID !== undefined ? { countryID: values.countryID } : {}),
      } satisfies UserFormInput & { userID?: number });
      onSaved(answer);
    } catch (error) {
      // The HTTP client has shown the server's message; a field's refusal also stays under the field.
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        setError(field as FieldName, { type: 'server', message });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={saving}>
      <div className={styles.grid}>
        <Field id={id('fullName')} label="Full Name" error={errors.fullName?.message}>
          <InputText
            id={id('fullName')}
            autoComplete="off"
            maxLength={100}
            invalid={Boolean(errors.fullName)}
            aria-invalid={Boolean(errors.fullName)}
            aria-describedby={describedBy('fullName')}
            aria-required="true"
            {...register('fullName')}
          />
        </Field>
        <Field id={id('email')} label="Email" error={errors.email?.message}>
          <InputText
            id={id('email')}
            type="email"
            autoComplete="off"
            maxLength={254}
            invalid={Boolean(errors.email)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy('email')}
            aria-required="true"
            {...register('email')}
          />
        </Field>
        <Field id={id('phoneCode')} label="Country Code" error={errors.phoneCode?.message}>
          <Controller
            control={control}
            name="phoneCode"
            render={({ field }) => (
              <Dropdown
                pt={dropdownPassThrough}
                inputId={id('phoneCode')}
                ref={field.ref}
                value={field.value}
                options={codeOptions}
                optionLabel="label"
                optionValue="value"
                placeholder="Select country code"
                invalid={Boolean(errors.phoneCode)}
                aria-invalid={Boolean(errors.phoneCode)}
                aria-describedby={describedBy('phoneCode')}
                onChange={(event) => field.onChange(event.value as string | null)}
                onBlur={field.onBlur}
                className={styles.control}
              />
            )}
          />
        </Field>
        <Field id={id('mobileNumber')} label="Phone" error={errors.mobileNumber?.message}>
          <InputText
            id={id('mobileNumber')}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={mobileInputMaxLength(codeCountry?.phoneNumberLength)}
            invalid={Boolean(errors.mobileNumber)}
            aria-invalid={Boolean(errors.mobileNumber)}
            aria-describedby={describedBy('mobileNumber')}
            aria-required="true"
            {...register('mobileNumber')}
          />
        </Field>
        <Field id={id('roleID')} label="Role" error={errors.roleID?.message}>
          <Controller
            control={control}
            name="roleID"
            render={({ field }) => (
              <Dropdown
                pt={dropdownPassThrough}
                inputId={id('roleID')}
                ref={field.ref}
                value={field.value}
                options={options.roles}
                optionLabel="roleName"
                optionValue="roleID"
                placeholder="Select role"
                invalid={Boolean(errors.roleID)}
                aria-invalid={Boolean(errors.roleID)}
                aria-describedby={describedBy('roleID')}
                onChange={(event) => {
                  const next = event.value as number | null;
                  field.onChange(next);
                  // Spec §4: changing the role toggles the country field; a hidden country is not sent.
                  if (!roleShowsCountry(context, next)) setValue('countryID', null);
                }}
                onBlur={field.onBlur}
                className={styles.control}
              />
            )}
          />
        </Field>
        {showCountry ? (
          <Field id={id('countryID')} label="Country" error={errors.countryID?.message}>
            <Controller
              control={control}
              name="countryID"
              render={({ field }) => (
                <Dropdown
                  pt={dropdownPassThrough}
                  inputId={id('countryID')}
                  ref={field.ref}
                  value={field.value}
                  options={options.countries}
                  optionLabel="countryName"
                  optionValue="countryID"
                  placeholder="Select country"
                  invalid={Boolean(errors.countryID)}
                  aria-invalid={Boolean(errors.countryID)}
                  aria-describedby={describedBy('countryID')}
                  onChange={(event) => field.onChange(event.value as number | null)}
                  onBlur={field.onBlur}
                  className={styles.control}
                />
              )}
            />
          </Field>
        ) : null}
      </div>
      <div className={styles.actions}>
        {onCancel ? (
          <Button
            type="button"
            label="Cancel"
            severity="secondary"
            outlined
            onClick={onCancel}
            disabled={saving}
          />
        ) : null}
        <Button type="submit" label={submitLabel} icon="pi pi-check" loading={saving} disabled={saving} />
      </div>
    </form>
  );
}
