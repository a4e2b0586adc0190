/**
 * PrimeReact Dropdown's `pt` for every dropdown of the portal. Its focusable combobox carries the field's
 * label and the keyboard; beside it the Dropdown draws a click-only trigger (role="button", nameless without a
 * placeholder) and a hidden native <select> for form validation, which screen readers would otherwise meet as
 * a nameless button and a nameless select (axe: aria-command-name, select-name).
 */
export const dropdownPassThrough = {
  trigger: { 'aria-hidden': true },
  select: { 'aria-hidden': true },
} as const;
