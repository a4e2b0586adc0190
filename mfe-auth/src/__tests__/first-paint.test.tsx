import { screen } from '@testing-library/react';
import { renderPage } from '../../test-support/render-page';
import { LoginPage } from '../pages/login/login-page';
import { RegisterPage } from '../pages/register/register-page';
import type { RegistrationApi } from '../pages/register/registration-api';

// The first paint of /login and /register (static HTML the gateway sends in #root, written by the build) must
// say what the page says: the spec's words, the component's words, and every class it names styled.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { firstPaintHtml, PAGES } = require('../../webpack/first-paint-plugin.cjs') as {
  firstPaintHtml: (page: unknown) => string;
  PAGES: { name: string }[];
};

function firstPaint(name: string): HTMLElement {
  const page = PAGES.find((candidate) => candidate.name === name);
  const holder = document.createElement('div');
  holder.innerHTML = firstPaintHtml(page);
  return holder.firstElementChild as HTMLElement;
}

const SPEC = {
  login: { heading: 'Sign In', tagline: 'Access your affiliate management account' },
  register: {
    heading: 'Affiliate Registration',
    tagline: 'Join the affiliate network and start earning commissions',
  },
};

const pendingApi = {
  options: () => new Promise(() => undefined),
} as unknown as RegistrationApi;

describe.each([
  { name: 'login' as const, path: '/login', page: <LoginPage /> },
  { name: 'register' as const, path: '/register', page: <RegisterPage api={pendingApi} /> },
])('first paint of $path', ({ name, path, page }) => {
  test("carries the spec's heading and tagline, the same as the page renders", () => {
    const fragment = firstPaint(name);
    expect(fragment.dataset.firstPaint).toBe(path);
    const heading = fragment.querySelector('h1')?.textContent;
    const tagline = fragment.querySelector('h1 + p')?.textContent;
    expect({ heading, tagline }).toEqual(SPEC[name]);

    renderPage(page, path);
    const rendered = screen.getByRole('heading', { level: 1 });
    expect(rendered.textContent).toBe(heading);
    expect(rendered.nextElementSibling?.textContent).toBe(tagline);
  });

  test('every class it names has a rule in its inline styles (a renamed class in the page CSS fails here)', () => {
    const fragment = firstPaint(name);
    const css = fragment.querySelector('style')?.textContent ?? '';
    const classes = [...fragment.querySelectorAll('[class]')].flatMap((element) => [...element.classList]);
    expect(classes.length).toBeGreaterThan(3);
    for (const className of classes) expect(css).toContain(`.${className} `);
    // Its markup holds no script and no form control: nothing a user could type into and lose.
    expect(fragment.querySelector('script, input, button, select, textarea, a')).toBeNull();
  });
});
