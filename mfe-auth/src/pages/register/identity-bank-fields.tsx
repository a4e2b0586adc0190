import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  ACCOUNT_NUMBER_LENGTH,
  IDENTITY_NUMBER_LENGTH,
  IDENTITY_TYPES,
} from '@portal/contracts/registration-start';
import type { BankOption, ResolveAccountNameResponse } from '@portal/contracts/registration-start';
import type { RegistrationFormValues } from './registration-form';
import { AccountNameCheck, ThemedInput } from '@portal/shared-ui';
import styles from './register-page.module.css';

export interface IdentityBankFieldsProps {
  banks: readonly BankOption[];
  disabled: boolean;
  /** The account name the bank holds (issue 27); shown under the account number, never blocking. */
  resolveAccountName?: (bankID: number, accountNumber: string) => Promise<ResolveAccountNameResponse>;
}

/** Step two's identity and bank part: identity type (BVN by default, or NIN), ID number, bank, account number. */
export function IdentityBankFields({ banks, disabled, resolveAccountName }: IdentityBankFieldsProps) {
  const {
    control,
    register,
    trigger,
    getFieldState,
    formState: { errors },
  } = useFormContext<RegistrationFormValues>();
  const identityType = useWatch({ control, name: 'identityType' });
  const bankID = useWatch({ control, name: 'bankID' });
  const accountNumber = useWatch({ control, name: 'accountNumber' });
  const idError = errors.ninOrBVN?.message;
  const bankError = errors.bankID?.message;
  const accountError = errors.accountNumber?.message;

  return (
    <>
      <div className={styles.field} role="radiogroup" aria-labelledby="identityType-label">
        <span id="identityType-label" className={styles.label}>
          Identity Type
        </span>
        <Controller
          control={control}
          name="identityType"
          render={({ field }) => (
            <div className={styles.radios}>
              {IDENTITY_TYPES.map((type) => (
                <span key={type} className={styles.radio}>
                  <input
                    type="radio"
                    id={`identityType-${type}`}
                    className={styles.choice}
                    name={field.name}
                    value={type}
                    checked={field.value === type}
                    disabled={disabled}
                    onChange={() => {
                      field.onChange(type);
                      // The ID number's message names the type; keep it in step with the choice.
                      if (getFieldState('ninOrBVN').error) void trigger('ninOrBVN');
                    }}
                  />
                  <label htmlFor={`identityType-${type}`}>{type}</label>
                </span>
              ))}
            </div>
          )}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="ninOrBVN" className={styles.label}>
          {identityType} Number
        </label>
        <ThemedInput
          id="ninOrBVN"
          className={styles.control}
          inputMode="numeric"
          autoComplete="off"
          // Room for spaces or dashes typed between the digits: the number is stripped to digits (spec §5).
          maxLength={IDENTITY_NUMBER_LENGTH * 2 - 1}
          placeholder={`Enter your ${IDENTITY_NUMBER_LENGTH}-digit ${identityType}`}
          invalid={Boolean(idError)}
          aria-invalid={Boolean(idError)}
          aria-describedby={idError ? 'ninOrBVN-error' : undefined}
          {...register('ninOrBVN')}
        />
        {idError && (
          <small id="ninOrBVN-error" className={styles.error} role="alert">
            {idError}
          </small>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="bankID" className={styles.label}>
          Bank
        </label>
        <Controller
          control={control}
          name="bankID"
          render={({ field }) => (
            // A native select, as the country in step one: the phone's own picker (typing a letter jumps to
            // the bank), and no PrimeReact dropdown to load, evaluate and style on the first page (issue 26).
            <select
              id="bankID"
              ref={field.ref}
              name={field.name}
              className={[
                'p-inputtext p-component',
                styles.control,
                styles.select,
                bankError ? 'p-invalid' : '',
                disabled ? 'p-disabled' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              value={field.value ?? ''}
              disabled={disabled}
              aria-invalid={Boolean(bankError)}
              aria-describedby={bankError ? 'bankID-error' : undefined}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? null : Number(event.target.value))
              }
              onBlur={field.onBlur}
            >
              <option value="">Select bank</option>
              {banks.map((bank) => (
                <option key={bank.bankID} value={bank.bankID}>
                  {bank.bankName}
                </option>
              ))}
            </select>
          )}
        />
        {bankError && (
          <small id="bankID-error" className={styles.error} role="alert">
            {bankError}
          </small>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="accountNumber" className={styles.label}>
          Account Number
        </label>
        <ThemedInput
          id="accountNumber"
          className={styles.control}
          inputMode="numeric"
          autoComplete="off"
          maxLength={ACCOUNT_NUMBER_LENGTH}
          placeholder={`${ACCOUNT_NUMBER_LENGTH}-digit account number`}
          invalid={Boolean(accountError)}
          aria-invalid={Boolean(accountError)}
          aria-describedby={
            [accountError ? 'accountNumber-error' : '', resolveAccountName ? 'accountNumber-name' : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...register('accountNumber')}
        />
        {resolveAccountName && !disabled ? (
          <AccountNameCheck
            id="accountNumber-name"
            bankID={typeof bankID === 'number' ? bankID : Number(bankID) || null}
            accountNumber={accountNumber}
            resolve={resolveAccountName}
          />
        ) : null}
        {accountError && (
          <small id="accountNumber-error" className={styles.error} role="alert">
            {accountError}
          </small>
        )}
      </div>
    </>
  );
}
