import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable } from '../data-table';
import { serialColumn } from '../serial-column';
import type { DataColumn } from '../data-table';

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

  it('shows an error with Retry instead of rows or the empty message', () => {
    const onRetry = jest.fn();
    render(
      <DataTable
        caption="Fruits"
        columns={columns}
        rows={[]}
        rowKey={(f) => f.id}
        emptyMessage="No fruit."
        errorMessage="The fruit could not be loaded."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The fruit could not be loaded.');
    expect(screen.queryByText('No fruit.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('names each cell by its column, so a phone can show rows as cards', () => {
    render(
      <DataTable caption="Fruits" columns={columns} rows={[{ id: 1, name: 'Mango' }]} rowKey={(f) => f.id} />,
    );
    const cells = within(screen.getByRole('table')).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Sr No', 'Name']);
  });
});
