import { render, screen } from '@testing-library/react';
import { StatusBadge } from '../status-badge';

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
