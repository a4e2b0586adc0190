import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AdminUser } from '@portal/contracts';
import type { UserFormOptions } from '../src/pages/user-form/user-api';

export const OPTIONS: UserFormOptions = {
  roles: [
    { roleID: 1, roleName: 'Admin', showCountry: false },
    { roleID: 2, roleName: 'Backoffice', showCountry: true },
  ],
  countries: [
    { countryID: 1, countryName: 'Nigeria', countryCode: 'NG', phoneCode: '+234', phoneNumberLength: 10 },
    { countryID: 2, countryName: 'Ghana', countryCode: 'GH', phoneCode: '+233', phoneNumberLength: 9 },
  ],
};

export function user(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userID: n,
    fullName: `User ${n}`,
    role: 'Backoffice',
    roleID: 2,
    email: `user${n}@example.com`,
    phoneCode: '+234',
    mobileNumber: `80312345${String(n).padStart(2, '0')}`,
    countryID: 1,
    countryName: 'Nigeria',
    isActive: true,
    createdOn: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page at `url` inside the router and the Suspense the shell gives every remote page. */
export function renderAt(page: ReactNode, url: string) {
  const path = url.split('?')[0];
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p>Loading…</p>}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
      </Suspense>
      <Location />
    </MemoryRouter>,
  );
}

export const locationText = () => screen.getByTestId('location').textContent;

/** Opens a PrimeReact dropdown by its input's id and picks an option (jsdom keeps the overlay hidden). */
export async function choose(inputId: string, option: string) {
  const input = document.getElementById(inputId);
  const dropdown = input?.closest('.p-dropdown');
  if (!dropdown) throw new Error(`No dropdown for #${inputId}`);
  fireEvent.click(dropdown);
  const item = await screen.findByRole('option', { name: option, hidden: true });
  // In an async act: a choice that starts a load (a list's filter) has its answer rendered inside act too.
  await act(async () => {
    fireEvent.click(item);
  });
}
