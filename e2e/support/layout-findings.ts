import type { Page } from '@playwright/test';

/**
 * What a person would see as broken on the page as it is now, measured inside the page in one pass:
 * - the page scrolls sideways;
 * - text cut by its box (an `overflow: hidden/clip` box whose content is wider or taller than it);
 * - a figure (naira, a count with separators), an e-mail address or an IP address that wraps inside itself;
 * - a button, link or field outside the window with no scrolling box that could bring it in view, or hidden
 *   behind the edge of a clipping box.
 * Each finding names the element (tag, id or class, its text) so a failure says where to look.
 */
export async function layoutFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;

    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const cls =
        typeof element.className === 'string' && element.className.trim()
          ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const name = element.getAttribute('aria-label') ?? '';
      return `<${element.tagName.toLowerCase()}${id}${cls}> "${text || name}"`;
    };

    const shown = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };

    // Screen-reader-only text (1 px boxes, clip rect) is meant to be clipped.
    const visuallyHidden = (element: Element): boolean => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const rect = node.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return true;
        const style = getComputedStyle(node);
        if (style.clip && style.clip !== 'auto') return true;
        if (style.clipPath && style.clipPath !== 'none') return true;
      }
      return false;
    };

    if (root.scrollWidth > viewportWidth + 1) {
      const widest = Array.from(document.body.querySelectorAll('*'))
        .filter((element) => element.getBoundingClientRect().right > viewportWidth + 1 && shown(element))
        .filter((element) => !visuallyHidden(element))
        .slice(-1)[0];
      findings.push(
        `the page scrolls sideways (${root.scrollWidth} px in ${viewportWidth} px)${widest ? `: ${describe(widest)}` : ''}`,
      );
    }

    const clips = (style: CSSStyleDeclaration) =>
      ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';

    // Text cut by a clipping box. An ellipsis is a deliberate cut only where the full text is one step away
    // (a title attribute or an accessible name), so it counts too unless the element says where the rest is.
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!shown(element) || visuallyHidden(element)) continue;
      const style = getComputedStyle(element);
      if (!clips(style)) continue;
      const hasText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!hasText) continue;
      const cutWide = element.scrollWidth > element.clientWidth + 1;
      const cutTall = element.scrollHeight > element.clientHeight + 2 && style.webkitLineClamp === 'none';
      if (!cutWide && !cutTall) continue;
      if (style.textOverflow === 'ellipsis' && element.closest('[title], [data-full-text]')) continue;
      findings.push(`text cut by its box: ${describe(element)}`);
    }

    // Tokens that must stay whole: money and grouped counts, e-mail addresses, IPv4 addresses.
    const token =
      /₦\s?-?[\d,]+(?:\.\d+)?|\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !shown(parent) || visuallyHidden(parent)) continue;
      for (const match of text.matchAll(token)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) findings.push(`"${match[0]}" wraps inside itself in ${describe(parent)}`);
      }
    }

    // Controls nobody can reach: beyond the window's right edge with nothing that scrolls to them, or outside
    // the box of a clipping ancestor (cut off, not scrolled).
    const controls = document.body.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])',
    );
    for (const control of Array.from(controls)) {
      if (!shown(control) || visuallyHidden(control)) continue;
      const rect = control.getBoundingClientRect();
      // A skip link waits off the left edge until it is focused.
      if (rect.right <= 0 && getComputedStyle(control).position === 'absolute') continue;
      let reachable = rect.left >= -1 && rect.right <= viewportWidth + 1;
      for (let box = control.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const boxRect = box.getBoundingClientRect();
        if (scrolls(style.overflowX)) {
          // A table's controls (Edit, Delete, View) stay in view while its columns scroll: a row's actions
          // found only by scrolling the table sideways are missed.
          const rowAction = control.matches('button, a[href]') && control.closest('td') !== null;
          const inTable = rowAction && box.contains(control.closest('table'));
          reachable = !inTable || (rect.left >= boxRect.left - 1 && rect.right <= boxRect.right + 1);
          if (!reachable) findings.push(`a row's control is scrolled out of its table: ${describe(control)}`);
          reachable = true;
          break;
        }
        if (clips(style) && (rect.right > boxRect.right + 1 || rect.left < boxRect.left - 1)) {
          reachable = false;
          break;
        }
      }
      if (!reachable) findings.push(`control out of reach: ${describe(control)}`);
    }
    return Array.from(new Set(findings));
  });
}
