import { forwardRef, useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { ThemedInput } from '@portal/shared-ui';
import styles from './form-field.module.css';

type PasswordFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'size' | 'value' | 'defaultValue'
> & {
  invalid?: boolean;
  value?: string;
};

/** A password input with a show/hide button. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { invalid, className, ...input },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={styles.passwordWrap}>
      <ThemedInput
        {...input}
        ref={ref}
        type={visible ? 'text' : 'password'}
        invalid={invalid}
        className={[styles.input, className].filter(Boolean).join(' ')}
      />
      <button
        type="button"
        className={styles.reveal}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
        disabled={input.disabled}
      >
        <i className={`pi ${visible ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
      </button>
    </span>
  );
});
