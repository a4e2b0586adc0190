import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, describedBy } from '../common/form-field';
import { ThemedInput } from '@portal/shared-ui';
import styles from './login-page.module.css';

interface EmailFieldProps {
  id: string;
  error?: string;
  disabled: boolean;
  registration: UseFormRegisterReturn;
}

/** The account email of the sign-in and forgot-password forms. */
export function EmailField({ id, error, disabled, registration }: EmailFieldProps) {
  return (
    <FormField id={id} label="Email" error={error}>
      <ThemedInput
        id={id}
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="you@example.com"
        className={styles.input}
        invalid={!!error}
        aria-invalid={!!error}
        aria-describedby={describedBy(id, error)}
        disabled={disabled}
        {...registration}
      />
    </FormField>
  );
}
