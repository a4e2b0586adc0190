// Native inputs and buttons dressed in the PrimeReact theme's own classes (p-inputtext, p-button): they look
// exactly like InputText and Button, but bring none of PrimeReact's JavaScript, whose shared core (~40 KB gzip)
// would otherwise load with the sign-in page, which has a 200 KB budget (docs/decisions.md). Use them on what
// a first visit needs (sign-in, registration, the shell's own frame); screens behind sign-in use PrimeReact freely.
import { forwardRef } from 'react';
import type { InputHTMLAttributes, MouseEventHandler } from 'react';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export type ThemedInputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

/** A text input styled as PrimeReact's InputText, red-bordered when invalid. */
export const ThemedInput = forwardRef<HTMLInputElement, ThemedInputProps>(function ThemedInput(
  { invalid, className, ...input },
  ref,
) {
  return (
    <input
      {...input}
      ref={ref}
      className={classes(
        'p-inputtext p-component',
        invalid && 'p-invalid',
        input.disabled && 'p-disabled',
        className,
      )}
    />
  );
});

export interface ThemedButtonProps {
  /** Without one the button shows only its icon and needs an `aria-label`. */
  label?: string;
  type?: 'button' | 'submit';
  /** A PrimeIcons class, e.g. `pi pi-refresh`, shown before the label. */
  icon?: string;
  /** Shows the spinning icon instead of `icon`; the caller disables the button too. */
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  /** The accessible name when the label alone is ambiguous (two 'Send OTP' buttons on one form). */
  'aria-label'?: string;
  /** The tooltip a pointer shows, for an icon-only button. */
  title?: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
}

/** A button styled as PrimeReact's Button, with its icon and loading icon. */
export function ThemedButton({
  label,
  type = 'button',
  icon,
  loading = false,
  disabled = false,
  className,
  'aria-label': ariaLabel,
  title,
  onClick,
}: ThemedButtonProps) {
  const iconClass = loading ? 'p-button-loading-icon pi pi-spin pi-spinner' : icon;
  const iconOnly = label === undefined;
  return (
    <button
      type={type}
      className={classes(
        'p-button p-component',
        iconOnly && 'p-button-icon-only',
        loading && 'p-button-loading',
        disabled && 'p-disabled',
        className,
      )}
      disabled={disabled}
      aria-label={ariaLabel}
      title={title}
      onClick={onClick}
    >
      {iconClass && (
        <span
          className={`p-button-icon ${iconOnly ? 'p-c' : 'p-button-icon-left'} ${iconClass}`}
          aria-hidden="true"
        />
      )}
      {!iconOnly && <span className="p-button-label">{label}</span>}
    </button>
  );
}
