// What `npm start` compares to skip the install and the build: a hash of every source file's path, size and
// modification time (the lockfile included), taken before a build and written next to the installed packages
// once the build has succeeded. Any change to any source (an edit, a checkout, a new or deleted file) changes
// it, so the next start rebuilds; outputs, installed packages and data are left out.
//   node scripts/build-stamp.mjs current   prints the hash of the tree as it is now
//   node scripts/build-stamp.mjs check     exits 0 when the last successful build was of this very tree
//   node scripts/build-stamp.mjs write <hash>   records a successful build of the tree that had <hash>
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const STAMP = path.join(root, 'node_modules', '.portal-build-stamp');
/** Folders that hold outputs, installed packages, data or run results, never sources (see .gitignore). */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'dist-web',
  'test-results',
  'playwright-report',
  'coverage',
  '.git',
  '.tools',
]);
const SKIPPED_PATHS = new Set(['bench/results']);
/** A `data` folder is a DATA_DIR (written while the portal runs), except inside a package's sources. */
const isDataDir = (relative, name) => name === 'data' && !relative.includes('/src/');
/** What the start needs from the build; a missing one means build again whatever the stamp says. */
const OUTPUTS = ['api-gateway/dist/supervisor.js', 'dist-web/shell/index.html'];

function currentHash() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !SKIPPED_PATHS.has(relative) && !isDataDir(relative, entry.name))
          walk(relative);
      } else if (!entry.name.endsWith('.tsbuildinfo') && !entry.name.endsWith('.log')) {
        const stats = statSync(path.join(root, relative));
        hash.update(`${relative}\0${stats.size}\0${stats.mtimeMs}\n`);
      }
    }
  };
  walk('');
  return hash.digest('hex');
}

const [command, written] = process.argv.slice(2);
if (command === 'current') {
  process.stdout.write(`${currentHash()}\n`);
} else if (command === 'check') {
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  const outputs = OUTPUTS.every((file) => existsSync(path.join(root, file)));
  process.exit(outputs && built === currentHash() ? 0 : 1);
} else if (command === 'write' && written) {
  writeFileSync(STAMP, `${written}\n`);
} else {
  console.error('Usage: node scripts/build-stamp.mjs current | check | write <hash>');
  process.exit(2);
}
