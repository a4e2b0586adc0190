import { useCallback } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { IdentityNumbersResponse } from '@portal/contracts';
import { MaskedNumber, useRevealedNumbers } from '../masked-number';

function Numbers({ fetchClear }: { fetchClear: () => Promise<IdentityNumbersResponse> }) {
  const numbers = useRevealedNumbers(useCallback(fetchClear, [fetchClear]), 1);
  return (
    <dl>
      <dt>BVN</dt>
      <dd>
        <MaskedNumber
          label="BVN"
          masked="••••••••562"
          clear={numbers.clear?.ninOrBVN ?? null}
          loading={numbers.loading}
          onShow={() => void numbers.show()}
          onHide={numbers.hide}
        />
      </dd>
    </dl>
  );
}

test('a masked number shows its last three digits, and says so to screen readers', () => {
  render(<Numbers fetchClear={jest.fn()} />);
  expect(screen.getByText('••••••••562').getAttribute('aria-hidden')).toBe('true');
  expect(screen.getByText('Hidden, ending in 562')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Show BVN' }).textContent).toBe('Show');
});

test('Show asks for the clear number once and shows it; Hide masks it again without asking', async () => {
  const fetchClear = jest.fn().mockResolvedValue({ ninOrBVN: '22184069562', accountNumber: '0123456789' });
  render(<Numbers fetchClear={fetchClear} />);
  fireEvent.click(screen.getByRole('button', { name: 'Show BVN' }));
  expect(await screen.findByText('22184069562')).toBeTruthy();
  expect(fetchClear).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Hide BVN' }));
  expect(screen.queryByText('22184069562')).toBeNull();
  expect(screen.getByText('••••••••562')).toBeTruthy();
  expect(fetchClear).toHaveBeenCalledTimes(1);
});

test('a refused Show leaves the number masked and the button usable again', async () => {
  const fetchClear = jest.fn().mockRejectedValue(new Error('403'));
  render(<Numbers fetchClear={fetchClear} />);
  fireEvent.click(screen.getByRole('button', { name: 'Show BVN' }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Show BVN' }).hasAttribute('disabled')).toBe(false),
  );
  expect(screen.getByText('••••••••562')).toBeTruthy();
});
