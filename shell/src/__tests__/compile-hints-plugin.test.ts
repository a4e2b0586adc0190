/** @jest-environment node */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

// The shell's start-up chunks begin with V8's compile hint (webpack/compile-hints-plugin.cjs), so Chromium compiles
// them while they stream in instead of function by function on the main thread. The minifier drops comments, so
// the hint must be added after it, and only to the chunks named.
const repo = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CompileHintsPlugin, COMPILE_HINT } = require(
  path.join(repo, 'webpack', 'compile-hints-plugin.cjs'),
) as {
  CompileHintsPlugin: new (chunkNames: string[]) => webpack.WebpackPluginInstance;
  COMPILE_HINT: string;
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  writeFileSync(
    path.join(dir, 'entry.js'),
    "import(/* webpackChunkName: 'react' */ './first.js').then((m) => m.first());\nimport('./later.js');\n",
  );
  writeFileSync(
    path.join(dir, 'first.js'),
    '/* a comment the minifier drops */\nexport const first = () => 1;\n',
  );
  writeFileSync(path.join(dir, 'later.js'), 'export const later = () => 2;\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the chunks named begin with the compile hint after minification; the others do not', async () => {
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: { main: './entry.js' },
        output: {
          path: path.join(dir, 'dist'),
          filename: '[name].[contenthash].js',
          chunkFilename: '[name].[contenthash].js',
        },
        plugins: [new CompileHintsPlugin(['main', 'react'])],
      },
      (error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result)),
    );
  });
  expect(stats.hasErrors()).toBe(false);
  const files = readdirSync(path.join(dir, 'dist')).filter((file) => file.endsWith('.js'));
  const read = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8');
  const hinted = files.filter((file) => read(file).startsWith(COMPILE_HINT));

  expect(files).toHaveLength(3);
  expect(hinted.map((file) => file.split('.')[0]).sort()).toEqual(['main', 'react']);
  // Minified: the hint is the file's only comment.
  for (const file of files) expect(read(file).replace(COMPILE_HINT, '')).not.toContain('/*');
  expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
});
