import { Suspense, act } from 'react';
import { createRoot } from 'react-dom/client';
import { FirstPaint, firstPaintFor, holdFirstPaint } from '../first-paint';

// This test drives React itself (no testing-library): tell React that act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// What the gateway sends inside #root for /login; React empties #root on its first render.
function documentWithFirstPaint(path: string): HTMLElement {
  document.body.innerHTML = `<div id="root"><div data-first-paint="${path}"><h1>Sign In</h1></div></div>`;
  return document.getElementById('root') as HTMLElement;
}

const never = new Promise<never>(() => undefined);
function Pending(): never {
  throw never;
}

describe('the first paint sent with the document', () => {
  beforeEach(() => window.history.replaceState(null, '', '/login'));

  test('stays on screen, the very same element, while the page loads, and is used once', async () => {
    const container = documentWithFirstPaint('/login');
    const sent = container.querySelector('[data-first-paint]');
    holdFirstPaint(container);
    const element = firstPaintFor('/login');
    expect(element).toBe(sent);

    const root = createRoot(container);
    await act(async () => {
      root.render(
        <Suspense fallback={element ? <FirstPaint element={element} /> : <p>spinner</p>}>
          <Pending />
        </Suspense>,
      );
    });
    expect(container.querySelector('[data-first-paint]')).toBe(sent);
    expect(container.textContent).toBe('Sign In');

    await act(async () => root.render(<main>the page</main>));
    expect(container.querySelector('[data-first-paint]')).toBeNull();
    expect(container.textContent).toBe('the page');
    // Gone for good: a later load of any page shows the spinner.
    expect(firstPaintFor('/login')).toBeNull();
    await act(async () => root.unmount());
  });

  test('is not used for another page, nor once the browser has moved on', () => {
    holdFirstPaint(documentWithFirstPaint('/login'));
    expect(firstPaintFor('/register')).toBeNull();
    window.history.replaceState(null, '', '/register');
    expect(firstPaintFor('/login')).toBeNull();
  });

  test('a document without one holds nothing', () => {
    document.body.innerHTML = '<div id="root"></div>';
    holdFirstPaint(document.getElementById('root') as HTMLElement);
    expect(firstPaintFor('/login')).toBeNull();
  });
});
