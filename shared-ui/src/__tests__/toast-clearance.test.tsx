import { TOAST_CLEARANCE_VARIABLE, keepClearOfToasts } from '../toasts';

/** jsdom lays nothing out: the boxes a 390 × 844 phone would have are given by hand. */
function box(element: Element, top: number, bottom: number) {
  element.getBoundingClientRect = () => ({
    top,
    bottom,
    left: 0,
    right: 390,
    width: 390,
    height: bottom - top,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
}

function bottomToast(top: number): HTMLElement {
  const container = document.createElement('div');
  container.className = 'Toastify__toast-container Toastify__toast-container--bottom-right';
  container.appendChild(document.createElement('div'));
  box(container, top, 844);
  document.body.appendChild(container);
  return container;
}

const clearance = () => document.documentElement.style.getPropertyValue(TOAST_CLEARANCE_VARIABLE);

beforeEach(() => {
  document.body.innerHTML = '';
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
  window.scrollBy = jest.fn();
});

describe('keepClearOfToasts: a bottom toast never covers the last control', () => {
  it('lets the page scroll as far as the toast reaches and scrolls the button just used above it', () => {
    const submit = document.createElement('button');
    submit.textContent = 'Submit';
    document.body.appendChild(submit);
    box(submit, 770, 810);
    submit.scrollIntoView = jest.fn();
    submit.focus();
    bottomToast(724);
    keepClearOfToasts();
    expect(clearance()).toBe('120px');
    expect(submit.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
  });

  it('leaves a control the toast does not cover where it is', () => {
    const search = document.createElement('button');
    document.body.appendChild(search);
    box(search, 100, 140);
    search.scrollIntoView = jest.fn();
    search.focus();
    bottomToast(724);
    keepClearOfToasts();
    expect(search.scrollIntoView).not.toHaveBeenCalled();
  });

  it('with no toast shown the page is as it was', () => {
    bottomToast(724).replaceChildren();
    keepClearOfToasts();
    expect(clearance()).toBe('0px');
  });

  it('at the end of the page, scrolls its last button above the toast', () => {
    const first = document.createElement('button');
    const last = document.createElement('button');
    document.body.append(first, last);
    box(first, 100, 140);
    box(last, 780, 820);
    for (const element of [first, last])
      element.getClientRects = () => [element.getBoundingClientRect()] as unknown as DOMRectList;
    bottomToast(724);
    keepClearOfToasts();
    expect(window.scrollBy).toHaveBeenCalledWith({ top: 820 - 724 + 8 });
  });

  it('a toast beside the last button (a desktop corner) scrolls nothing', () => {
    const last = document.createElement('button');
    document.body.append(last);
    last.getBoundingClientRect = () => ({
      top: 780,
      bottom: 820,
      left: 20,
      right: 200,
      width: 180,
      height: 40,
      x: 20,
      y: 780,
      toJSON: () => ({}),
    });
    last.getClientRects = () => [last.getBoundingClientRect()] as unknown as DOMRectList;
    const toast = bottomToast(724);
    toast.getBoundingClientRect = () => ({
      top: 724,
      bottom: 830,
      left: 1000,
      right: 1320,
      width: 320,
      height: 106,
      x: 1000,
      y: 724,
      toJSON: () => ({}),
    });
    keepClearOfToasts();
    expect(window.scrollBy).not.toHaveBeenCalled();
  });
});
