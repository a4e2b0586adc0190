import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { StatCard, StatCards } from '../stat-cards';

test('a named list of cards: label, value and what goes under it; a card with a target is one link', () => {
  render(
    <MemoryRouter>
      <StatCards label="Totals">
        <StatCard label="Total Orders" value="1,000" icon="pi pi-shopping-cart">
          <span>10% up from last month</span>
        </StatCard>
        <StatCard
          label="Pending Applications"
          value="32"
          icon="pi pi-clock"
          tone="amber"
          to="/users?status=pending"
        />
      </StatCards>
    </MemoryRouter>,
  );
  const cards = within(screen.getByRole('list', { name: 'Totals' })).getAllByRole('listitem');
  expect(cards.map((card) => card.textContent)).toEqual([
    'Total Orders1,00010% up from last month',
    'Pending Applications32',
  ]);
  expect(screen.getByRole('link', { name: 'Pending Applications 32' }).getAttribute('href')).toBe(
    '/users?status=pending',
  );
  expect(within(cards[0]).queryByRole('link')).toBeNull();
});
