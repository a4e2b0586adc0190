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
