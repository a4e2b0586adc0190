import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// The sign-in and registration pages load only the theme's rules for the classes in FIRST_PAGES_THEME_CLASSES
// (webpack/theme-subset-loader.cjs); the whole theme comes with the signed-in layout. A class those pages use
// outside the list would be drawn unstyled on them, and nowhere else.
const repo = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FIRST_PAGES_THEME_CLASSES } = require(path.join(repo, 'webpack', 'create-app-config.cjs')) as {
  FIRST_PAGES_THEME_CLASSES: string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const themeSubset = require(path.join(repo, 'webpack', 'theme-subset-loader.cjs')) as (
  this: unknown,
  source: string,
) => string;

const subsetOf = (css: string) =>
  themeSubset.call(
    {
      getOptions: () => ({ keep: FIRST_PAGES_THEME_CLASSES }),
      rootContext: path.join(repo, 'shell'),
      resourcePath: 'theme.css',
    },
    css,
  );

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || entry.name === 'test-support' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test('every theme class the first pages draw is in the part of the theme they load', () => {
  const files = [
    ...sourceFiles(path.join(repo, 'mfe-auth', 'src')),
    path.join(repo, 'shared-ui', 'src', 'themed-controls.tsx'),
    path.join(repo, 'shared-ui', 'src', 'account-name-check.tsx'),
  ];
  const used = new Set(
    files.flatMap((file) => readFileSync(file, 'utf8').match(/(?<=['"`\s])p-[a-z][\w-]*/g) ?? []),
  );
  expect(used.size).toBeGreaterThan(5);
  const keep = new RegExp(FIRST_PAGES_THEME_CLASSES);
  expect([...used].filter((name) => !keep.test(name))).toEqual([]);
});

test('the first pages keep the rules of their classes, variables and animations, and lose the rest', () => {
  const css = `:root { --primary-color: #3b82f6; }
@layer primereact {
  .p-button { color: red; }
  .p-datatable .p-button { color: blue; }
  .p-dialog { display: flex; }
  @media (max-width: 960px) { .p-datatable { display: block; } }
  @keyframes p-icon-spin { from { transform: rotate(0); } to { transform: rotate(359deg); } }
}`;
  const subset = subsetOf(css);
  expect(subset).toContain('--primary-color: #3b82f6');
  expect(subset).toContain('.p-button { color: red; }');
  expect(subset).toContain('@keyframes p-icon-spin');
  expect(subset).not.toContain('p-datatable');
  expect(subset).not.toContain('p-dialog');
  expect(subset).not.toContain('@media');
});

test('a rule shared with other components keeps its selectors for the first pages', () => {
  // The theme styles the outlined secondary button together with split buttons' and button sets' inner ones: the
  // Reset button of /register turned primary blue when the whole rule was dropped.
  const subset = subsetOf(
    '.p-button.p-button-secondary.p-button-outlined, .p-splitbutton.p-button-secondary > .p-button.p-button-outlined { color: #64748b; }',
  );
  expect(subset.replace(/\s+/g, ' ')).toBe(
    '.p-button.p-button-secondary.p-button-outlined { color: #64748b; }',
  );
});
