import { render, screen } from '@testing-library/react';
import { FilterField, ListScreen } from '../list-screen';

describe('ListScreen', () => {
  it('names its section by the title, puts the filters in a search landmark and labels each control', () => {
    render(
      <ListScreen
        title="Message Outbox"
        actions={<a href="/add">Add</a>}
        filters={
          <FilterField htmlFor="recipient" label="Recipient" grow>
            <input id="recipient" />
          </FilterField>
        }
      >
        <table aria-label="rows" />
      </ListScreen>,
    );
    expect(screen.getByRole('region', { name: 'Message Outbox' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Message Outbox' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add' })).toBeTruthy();
    expect(screen.getByRole('search').contains(screen.getByLabelText('Recipient'))).toBe(true);
    expect(screen.getByRole('table', { name: 'rows' })).toBeTruthy();
  });

  it('shows no filter card without filters', () => {
    render(
      <ListScreen title="Users">
        <p>rows</p>
      </ListScreen>,
    );
    expect(screen.queryByRole('search')).toBeNull();
  });
});
