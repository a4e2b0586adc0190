import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { LoadingSpinner } from '../loading-spinner';
import { ThemedButton, ThemedInput } from '../themed-controls';

test('ThemedInput is a native input with the theme classes, invalid and disabled states, and a ref', () => {
  const ref = createRef<HTMLInputElement>();
  const { rerender } = render(<ThemedInput ref={ref} aria-label="Email" className="wide" />);
  const input = screen.getByRole('textbox', { name: 'Email' });
  expect(ref.current).toBe(input);
  expect(input.className).toBe('p-inputtext p-component wide');

  rerender(<ThemedInput ref={ref} aria-label="Email" invalid disabled />);
  expect(input.className).toBe('p-inputtext p-component p-invalid p-disabled');
  expect((input as HTMLInputElement).disabled).toBe(true);
});

test('ThemedButton: a plain button by default, with its icon and label, that calls onClick', () => {
  const onClick = jest.fn();
  render(<ThemedButton label="Retry" icon="pi pi-refresh" onClick={onClick} />);
  const button = screen.getByRole('button', { name: 'Retry' });
  expect(button.getAttribute('type')).toBe('button');
  expect(button.className).toBe('p-button p-component');
  expect(button.querySelector('.p-button-icon.pi-refresh')?.getAttribute('aria-hidden')).toBe('true');
  fireEvent.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);
});

test('ThemedButton loading: the spinning icon replaces the icon; disabled buttons do not click', () => {
  const onClick = jest.fn();
  render(
    <ThemedButton type="submit" label="Sign In" icon="pi pi-check" loading disabled onClick={onClick} />,
  );
  const button = screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
  expect(button.type).toBe('submit');
  expect(button.disabled).toBe(true);
  expect(button.className).toBe('p-button p-component p-button-loading p-disabled');
  expect(button.querySelector('.p-button-loading-icon.pi-spin')).not.toBeNull();
  expect(button.querySelector('.pi-check')).toBeNull();
  fireEvent.click(button);
  expect(onClick).not.toHaveBeenCalled();
});

test('ThemedButton without a label: an icon-only button named by its aria-label, with a title', () => {
  render(
    <ThemedButton
      icon="pi pi-refresh"
      aria-label="Refresh CAPTCHA"
      title="Refresh CAPTCHA"
      className="p-button-outlined"
    />,
  );
  const button = screen.getByRole('button', { name: 'Refresh CAPTCHA' });
  expect(button.className).toBe('p-button p-component p-button-icon-only p-button-outlined');
  expect(button.getAttribute('title')).toBe('Refresh CAPTCHA');
  expect(button.querySelector('.p-button-icon.p-c.pi-refresh')).not.toBeNull();
  expect(button.querySelector('.p-button-label')).toBeNull();
});

test('LoadingSpinner announces itself with its label', () => {
  render(<LoadingSpinner label="Loading orders" />);
  expect(screen.getByRole('status')).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Loading orders' })).toBeTruthy();
});
