import type { Page } from '@playwright/test';

/**
 * What a person would see as broken on the page as it is now, measured inside the page in one pass:
 * - the page scrolls sideways;
 * - text cut by its box (an `overflow: hidden/clip` box whose content is wider or taller than it);
 * - text that spills out of a box that does not clip it (drawn over its neighbours, or past the card's edge);
 * - a word split across two lines inside a table cell ('Processin' / 'g');
 * - on a phone, a table's line in place of its rows ('No sign-ins in this period.') off the table's middle;
 * - a figure (naira, a count with separators), an e-mail address, an IP address or a date (yyyy-MM-dd) that wraps
 *   inside itself;
 * - at 1280 px and wider, a table column whose heading is out of its scrolling box or under its sticky Action
 *   column (issue 51: a person reads every column at a desktop's width, without scrolling the table);
 * - a toast over a button, link or field;
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
      // Inside a closed <details> (content-visibility: hidden) an element keeps a box but is not drawn.
      if (!element.checkVisibility()) return false;
      const rect = element.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };

    // Screen-reader-only text (1 px boxes, clip rect) is meant to be clipped. Each element's answer is kept: the
    // passes below ask it of every element and text, and of each one's ancestors in turn.
    const hiddenAnswers = new Map<Element, boolean>();
    const visuallyHidden = (element: Element | null): boolean => {
      if (!element) return false;
      const known = hiddenAnswers.get(element);
      if (known !== undefined) return known;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const hidden =
        rect.width <= 1 ||
        rect.height <= 1 ||
        (Boolean(style.clip) && style.clip !== 'auto') ||
        (Boolean(style.clipPath) && style.clipPath !== 'none') ||
        visuallyHidden(element.parentElement);
      hiddenAnswers.set(element, hidden);
      return hidden;
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

    // Text that spills out of the box that lays it out (its nearest block, flex item or cell) while that box
    // does not clip it, where a person sees it: over another text, or past the edge of the nearest box drawn on
    // the page (a border, a background, a shadow: a card, a cell, a button). Spilling into empty room inside
    // that box (a card's padding, a hidden neighbour's place) is not seen. A box that clips or scrolls is the
    // check above's (or a scrolling table's). Vertically a glyph may stand a little above or below a tight line
    // box, so only half a line or more counts (a second line in a one-line box).
    const layoutBox = (element: Element): Element => {
      let box: Element = element;
      while (box.parentElement && ['inline', 'contents'].includes(getComputedStyle(box).display))
        box = box.parentElement;
      return box;
    };
    const drawn = (style: CSSStyleDeclaration): boolean =>
      ['Top', 'Right', 'Bottom', 'Left'].some(
        (side) =>
          parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
          style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
      ) ||
      !/^(transparent|rgba\(.*,\s*0\))$/.test(style.backgroundColor) ||
      style.backgroundImage !== 'none' ||
      style.boxShadow !== 'none';
    const drawnBox = (element: Element): DOMRect => {
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement)
        if (drawn(getComputedStyle(box))) return box.getBoundingClientRect();
      return new DOMRect(0, 0, viewportWidth, root.scrollHeight);
    };
    const outside = (rect: DOMRect, outer: DOMRect, half: number): boolean =>
      rect.left < outer.left - 2 ||
      rect.right > outer.right + 2 ||
      rect.top < outer.top - half ||
      rect.bottom > outer.bottom + half;
    const texts: { node: Node; rects: DOMRect[] }[] = [];
    const spilling: { node: Node; rects: DOMRect[]; box: Element; half: number }[] = [];
    const spillWalker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = spillWalker.nextNode(); node; node = spillWalker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || (node.textContent ?? '').trim() === '' || parent.closest('svg')) continue;
      if (!shown(parent) || visuallyHidden(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
      if (rects.length === 0) continue;
      texts.push({ node, rects });
      const box = layoutBox(parent);
      const boxStyle = getComputedStyle(box);
      if (clips(boxStyle) || scrolls(boxStyle.overflowX) || scrolls(boxStyle.overflowY)) continue;
      const half = parseFloat(getComputedStyle(parent).fontSize) / 2;
      const outer = box.getBoundingClientRect();
      if (rects.some((rect) => outside(rect, outer, half))) spilling.push({ node, rects, box, half });
    }
    const overlap = (a: DOMRect, b: DOMRect): boolean =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    for (const { node, rects, box, half } of spilling) {
      const frame = drawnBox(box);
      const over = texts.find(
        (other) => other.node !== node && other.rects.some((b) => rects.some((a) => overlap(a, b))),
      );
      if (over)
        findings.push(
          `text spills out of its box over "${(over.node.textContent ?? '').trim().slice(0, 30)}": ${describe(box)}`,
        );
      else if (rects.some((rect) => outside(rect, frame, half)))
        findings.push(`text spills out of its box past the edge of what holds it: ${describe(box)}`);
    }

    // A word broken across lines inside a table cell ('Processin' / 'g'): a column too narrow for its words.
    // Words split at a hyphen or a slash are two words here; e-mail and IP addresses are checked whole below.
    for (const cell of Array.from(document.body.querySelectorAll('td, th'))) {
      if (!shown(cell) || visuallyHidden(cell)) continue;
      const cellWalker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = cellWalker.nextNode(); node; node = cellWalker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !shown(parent) || visuallyHidden(parent)) continue;
        for (const word of (node.textContent ?? '').matchAll(/[\p{L}\p{N}]{2,}/gu)) {
          const range = document.createRange();
          range.setStart(node, word.index ?? 0);
          range.setEnd(node, (word.index ?? 0) + word[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1)
            findings.push(`the word "${word[0]}" is split across lines in ${describe(cell)}`);
        }
      }
    }

    // On a phone, where each row reads as a card, the line a table shows instead of rows (nothing found) stands
    // in the middle of what is seen of the table, as it does on a desktop: centred text in a centred box.
    if (viewportWidth < 768) {
      for (const cell of Array.from(document.body.querySelectorAll('td[colspan]'))) {
        const table = cell.closest('table');
        if (!table || cell.parentElement?.children.length !== 1 || !shown(cell)) continue;
        for (const node of Array.from(cell.childNodes)) {
          if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const text = range.getBoundingClientRect();
          const seen = table.getBoundingClientRect();
          const middle = (Math.max(seen.left, 0) + Math.min(seen.right, viewportWidth)) / 2;
          const off = Math.round(text.left + text.width / 2 - middle);
          const align = getComputedStyle(cell).textAlign;
          if (align !== 'center' || Math.abs(off) > 8)
            findings.push(
              `a table's line is off its middle (text-align ${align}, ${off} px): ${describe(cell)}`,
            );
        }
      }
    }

    // Tokens that must stay whole: money and grouped counts, e-mail addresses, IPv4 addresses, dates.
    const token =
      /₦\s?-?[\d,]+(?:\.\d+)?|\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b\d{4}-\d{2}-\d{2}\b/g;
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

    // At a desktop's width every column is in view: no heading past the right edge of the box that scrolls the
    // table, none under the sticky Action column (issue 51: every list, the admin's Users and login report too).
    if (viewportWidth >= 1280) {
      for (const table of Array.from(document.body.querySelectorAll('table'))) {
        if (!shown(table)) continue;
        let scroller: Element | null = table.parentElement;
        while (scroller && scroller !== document.body && !scrolls(getComputedStyle(scroller).overflowX))
          scroller = scroller.parentElement;
        const edge = scroller && scroller !== document.body ? scroller.getBoundingClientRect() : null;
        const headings = Array.from(table.querySelectorAll('thead th')).filter(
          (th) => shown(th) && !visuallyHidden(th),
        );
        const sticky = headings.filter((th) => getComputedStyle(th).position === 'sticky');
        for (const th of headings) {
          if (sticky.includes(th)) continue;
          const rect = th.getBoundingClientRect();
          const covered = sticky.some((other) => {
            const cover = other.getBoundingClientRect();
            return rect.right > cover.left + 1 && rect.left < cover.right - 1;
          });
          if ((edge && rect.right > edge.right + 1) || covered)
            findings.push(`a column is out of view in its table: ${describe(th)}`);
        }
      }
    }

    // A toast never lies over a control (issue 51: toasts over the run table's pager).
    const toastBoxes = Array.from(document.querySelectorAll('.Toastify__toast'))
      .filter((toast) => shown(toast))
      .map((toast) => toast.getBoundingClientRect());
    if (toastBoxes.length > 0) {
      for (const control of Array.from(
        document.body.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea'),
      )) {
        if (control.closest('.Toastify') || !shown(control) || visuallyHidden(control)) continue;
        const rect = control.getBoundingClientRect();
        if (toastBoxes.some((box) => overlap(rect, box)))
          findings.push(`a toast covers a control: ${describe(control)}`);
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
