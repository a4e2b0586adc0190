import { readFileSync } from 'node:fs';
import path from 'node:path';

// The first paint of /login and /register (HTML the gateway puts in #root) is drawn before app.css arrives, with
// the base styles inline in index.html. If the two differed, the page would move or change font when app.css
// lands (layout shift on a phone).
const read = (file: string) => readFileSync(path.join(__dirname, '..', '..', file), 'utf8');
const rules = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();

test("index.html's inline base styles are app.css's base, rule for rule", () => {
  const inline = /<style>([\s\S]*?)<\/style>/.exec(read('public/index.html'))?.[1];
  const appCss = read('src/app/app.css');
  const base = appCss.slice(0, appCss.indexOf("/* end of the page's base */"));
  expect(inline).toBeDefined();
  expect(base.length).toBeGreaterThan(100);
  expect(rules(inline ?? '')).toBe(rules(base));
});
