import type { ReactNode } from 'react';
import styles from './form-field.module.css';

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The input; give it `id`, `aria-invalid` and `aria-describedby={describedBy(id, error, hint)}`. */
  children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** The ids that describe an input: its hint, then its error when there is one. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
}

/** Label, input, hint and error text of one form field. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint && (
        <small id={hintId(id)} className={styles.hint}>
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId(id)} className={styles.error} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
