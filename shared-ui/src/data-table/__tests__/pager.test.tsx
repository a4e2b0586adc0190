import { fireEvent, render, screen, within } from '@testing-library/react';
import { Pager } from '../pager';

function setup(page: number, totalCount: number, pageSize = 10) {
  const onPageChange = jest.fn();
  render(
    <Pager
      page={page}
      pageSize={pageSize}
      totalCount={totalCount}
      onPageChange={onPageChange}
      label="Test pages"
    />,
  );
  const nav = screen.getByRole('navigation', { name: 'Test pages' });
  const pageLabels = within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent?.trim());
  return { onPageChange, nav, pageLabels };
}

describe('Pager', () => {
  it('shows every page when there are 5 or fewer, with Prev and Next', () => {
    const { pageLabels } = setup(1, 50);
    expect(pageLabels).toEqual(['Prev', '1', '2', '3', '4', '5', 'Next']);
  });

  it('shows first, last, neighbours and ellipses for many pages', () => {
    const { nav, pageLabels } = setup(6, 200);
    expect(pageLabels).toEqual(['Prev', '1', '5', '6', '7', '20', 'Next']);
    expect(nav.textContent).toContain('…');
    expect(screen.getByText('Showing 51–60 of 200')).toBeTruthy();
  });

  it('marks the current page and moves with Prev, Next and page buttons', () => {
    const { onPageChange } = setup(6, 200);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onPageChange.mock.calls).toEqual([[5], [7], [20]]);
  });

  it('disables Prev on the first page and Next on the last', () => {
    setup(1, 5);
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when there is nothing to page', () => {
    const { pageLabels } = setup(1, 0);
    expect(pageLabels).toEqual(['Prev', '1', 'Next']);
    expect(screen.getByText('No records')).toBeTruthy();
  });
});
