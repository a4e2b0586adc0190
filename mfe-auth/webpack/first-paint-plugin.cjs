// The first paint of the sign-in and registration pages, as static HTML the gateway puts inside the shell's
// `#root` for `/login` and `/register` (api-gateway/src/web/first-paint.ts). On a phone the page is otherwise
// blank until the shell, the federation runtime, this remote's manifest and entry and the page's chunks have
// arrived one after the other (~4-6 s on Lighthouse's slow 4G); the heading and tagline now paint with the
// document. The shell keeps this markup on screen as the page's loading state and swaps in the real page,
// same place, same size (shell/src/federation/first-paint.tsx).
//
// One source of truth for each part: the texts are contracts' `Texts` (the very constants the pages render),
// the styles are the pages' own CSS Modules files, inlined with their class names prefixed. Only the markup's
// shape is written twice (here and in the page); e2e/tests/first-paint-matches-the-page.spec.ts fails when
// the first paint's heading and tagline are not the page's, word for word and pixel for pixel.
const fs = require('node:fs');
const path = require('node:path');
const { Texts } = require('@portal/contracts/web');

const NAME = 'FirstPaintPlugin';
const PAGES_DIR = path.join(__dirname, '..', 'src', 'pages');

/** The brand mark of the sign-in card (login-page.tsx draws the same). */
const BRAND_SVG =
  '<svg width="40" height="40" viewBox="0 0 32 32" focusable="false"><rect width="32" height="32" rx="8" fill="#2563eb"></rect>' +
  '<path d="M9 22.5 14.5 9h3L23 22.5h-3.2l-1.2-3.1h-5.2l-1.2 3.1zm5.3-5.8h3.4L16 12.2z" fill="#fff"></path></svg>';

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );

/**
 * A CSS Modules file made global for the first paint: every class `.x` becomes `.<prefix>-x`. Numbers such as
 * `0.35rem` are untouched (a class starts with a letter, `_` or `-`).
 */
function prefixedCss(file, prefix) {
  const css = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return css
    .replace(/\.(-?[_a-zA-Z][\w-]*)/g, `.${prefix}-$1`)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** Each page: the URL path it answers, the CSS Modules file it styles its frame with, and its markup. */
const PAGES = [
  {
    name: 'login',
    css: path.join(PAGES_DIR, 'login', 'login-page.module.css'),
    markup: (c) =>
      `<main class="${c('page')}"><section class="${c('card')}" aria-labelledby="first-paint-heading">` +
      `<div class="${c('brand')}" aria-hidden="true">${BRAND_SVG}<span>Affiliate Portal</span></div>` +
      `<h1 id="first-paint-heading" class="${c('heading')}">${escapeHtml(Texts.loginHeading)}</h1>` +
      `<p class="${c('tagline')}">${escapeHtml(Texts.loginTagline)}</p>` +
      `<div class="${c('formSlot')}"></div></section></main>`,
  },
  {
    name: 'register',
    css: path.join(PAGES_DIR, 'register', 'register-page.module.css'),
    markup: (c) =>
      `<main class="${c('page')}"><section class="${c('card')}" aria-labelledby="first-paint-heading">` +
      `<header class="${c('header')}"><h1 id="first-paint-heading">${escapeHtml(Texts.registrationHeading)}</h1>` +
      `<p class="${c('tagline')}">${escapeHtml(Texts.registrationTagline)}</p></header></section></main>`,
  },
];

/**
 * The fragment for one page: its styles and markup in one element the shell can take over whole.
 *
 * It is shown only once the browser has parsed all of it: the element starts `display:none` and the style at its
 * very end shows it. A busy phone's HTML parser yields mid-document and the browser may paint what it has so
 * far; the card, centred on the page, would first be drawn without the form's reserved height below the
 * tagline and then jump up when the rest was parsed (a layout shift of 0.157 at 412x823, about one load in 40
 * under load; e2e/tests/first-paint-matches-the-page.spec.ts throttles the CPU to make it happen every time).
 */
function firstPaintHtml(page) {
  const prefix = `first-paint-${page.name}`;
  const c = (local) => `${prefix}-${local}`;
  const self = `[data-first-paint="/${page.name}"]`;
  return (
    `<div data-first-paint="/${page.name}" style="display:none">` +
    `<style>${prefixedCss(page.css, prefix)}</style>${page.markup(c)}` +
    `<style>${self}{display:contents!important}</style></div>\n`
  );
}

/** Emits `first-paint/<page>.html` beside remoteEntry.js; deployed with the remote, so it matches its pages. */
class FirstPaintPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const page of PAGES) {
            compilation.fileDependencies.add(page.css);
            compilation.emitAsset(
              `first-paint/${page.name}.html`,
              new sources.RawSource(firstPaintHtml(page)),
            );
          }
        },
      );
    });
  }
}

module.exports = { FirstPaintPlugin, firstPaintHtml, PAGES };
