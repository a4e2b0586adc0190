import { act, render, renderHook, screen, within } from '@testing-library/react';
import { DataTable } from '../data-table';
import { serialColumn } from '../serial-column';
import type { DataColumn } from '../data-table';
import { useDebouncedValue } from '../use-debounced-value';

interface Fruit {
  id: number;
  name: string;
}
const columns: DataColumn<Fruit>[] = [
  serialColumn<Fruit>(11),
  { key: 'name', header: 'Name', render: (f) => f.name },
];

describe('DataTable', () => {
  it('renders headers and rows, numbering rows from the given first number', () => {
    render(
      <DataTable
        caption="Fruits"
        columns={columns}
        rows={[
          { id: 1, name: 'Mango' },
          { id: 2, name: 'Pawpaw' },
        ]}
        rowKey={(f) => f.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sr No', 'Name']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['11', 'Mango'],
      ['12', 'Pawpaw'],
    ]);
  });

  it('says so when the list is empty', () => {
    render(
      <DataTable
        caption="Fruits"
        columns={columns}
        rows={[]}
        rowKey={(f) => f.id}
        emptyMessage="No fruit."
      />,
    );
    expect(screen.getByText('No fruit.')).toBeTruthy();
  });

  it('shows a spinner while the first page loads', () => {
    render(<DataTable caption="Fruits" columns={columns} rows={[]} rowKey={(f) => f.id} loading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No records found.')).toBeNull();
  });
});

describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('follows the value only after it has been still for 500 ms', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    act(() => jest.advanceTimersByTime(300));
    rerender({ value: 'abc' });
    act(() => jest.advanceTimersByTime(499));
    expect(result.current).toBe('a');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('abc');
  });
});
