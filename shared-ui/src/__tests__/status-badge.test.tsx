import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { StatusBadge } from '../status-badge';
import { statusSeverity } from '../status-severity';

test('Pending and Processing are yellow with dark text; Rejected and Delivered keep their own colours', () => {
  render(
    <>
      <StatusBadge status="Pending" />
      <StatusBadge status="Processing" />
      <StatusBadge status="KYC Pending" />
      <StatusBadge status="Rejected" />
      <StatusBadge status="Delivered" />
    </>,
  );
  const colour = (text: string) => {
    const tag = screen.getByText(text).closest('.p-tag') as HTMLElement;
    return [tag.style.background, tag.style.color];
  };
  const yellow = ['rgb(253, 224, 71)', 'rgb(113, 63, 18)'];
  expect(colour('Pending')).toEqual(yellow);
  expect(colour('Processing')).toEqual(yellow);
  expect(colour('KYC Pending')).toEqual(yellow);
  expect(colour('Rejected')).toEqual(['', '']);
  expect(colour('Delivered')).toEqual(['', '']);
});

test('payout statuses (issue 28): paid green, failed and reversed red, waiting yellow, set aside grey', () => {
  expect(statusSeverity('Paid')).toBe('success');
  expect(statusSeverity('Completed')).toBe('success');
  expect(statusSeverity('Failed')).toBe('danger');
  expect(statusSeverity('Reversed')).toBe('danger');
  expect(statusSeverity('Rejected')).toBe('danger');
  for (const waiting of ['Pending', 'Sending', 'Processing', 'Submitted', 'Paying'])
    expect(statusSeverity(waiting)).toBe('warning');
  for (const aside of ['Excluded', 'Cancelled', 'Ineligible'])
    expect(statusSeverity(aside)).toBe('secondary');
  expect(statusSeverity('Draft')).toBe('info');
});

test("admin/orders' words wear their status's colour: pending yellow as on My Orders, a Rejected order red", () => {
  render(
    <>
      <StatusBadge status="pending" colourOf="Processing" />
      <StatusBadge status="completed" colourOf="Rejected" />
      <StatusBadge status="completed" colourOf="Delivered" />
    </>,
  );
  const tag = (text: string) =>
    screen.getAllByText(text).map((item) => item.closest('.p-tag') as HTMLElement);
  expect(tag('pending')[0].style.background).toBe('rgb(253, 224, 71)');
  const [rejected, delivered] = tag('completed');
  expect(rejected.classList).toContain('p-tag-danger');
  expect(delivered.classList).toContain('p-tag-success');
  expect(statusSeverity('Success')).toBe('success');
});

test('every screen colours a status through StatusBadge: no other file renders a tag of its own', () => {
  const root = path.join(__dirname, '..', '..', '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sources(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const tagging = ['shared-ui', 'shell', 'mfe-admin', 'mfe-auth', 'mfe-backoffice', 'mfe-affiliate']
    .flatMap((pkg) => sources(path.join(root, pkg, 'src')))
    .filter((file) => /from 'primereact\/tag'/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
  expect(tagging).toEqual([path.join('shared-ui', 'src', 'status-badge.tsx')]);
});
