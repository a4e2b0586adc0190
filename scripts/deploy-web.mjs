#!/usr/bin/env node
// Deploys built apps into the folder the gateway serves (WEB_ROOT, default dist-web/): the shell to
// shell/, each remote to remotes/<folder>/. One app can be deployed alone while the portal runs:
//   node scripts/deploy-web.mjs mfe-admin
//   node scripts/deploy-web.mjs --web-root /srv/portal --source /tmp/build/mfe-admin/dist mfe-admin
// Hashed files go first and the files that point at them (remoteEntry.js, mf-manifest.json, index.html)
// last, each by an atomic rename, so a browser never sees an entry whose chunks are missing. The previous
// deployment's files are kept (sessions still running it can finish loading), older ones are removed.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { APPS, deployFolder } = createRequire(import.meta.url)('../webpack/apps.cjs');

/** Files that name other files; written after everything they name. Order matters. */
const ENTRY_FILES = ['remoteEntry.js', 'mf-stats.json', 'mf-manifest.json', 'index.html'];
const RECORD = '.deploy-files.json';

function usage(message) {
  console.error(
    `${message}\nUsage: node scripts/deploy-web.mjs [--web-root DIR] [--source DIR] [app ...]   apps: ${Object.keys(APPS).join(', ')}`,
  );
  process.exit(2);
}

function parseArgs(argv) {
  let webRoot = process.env.WEB_ROOT ? path.resolve(process.env.WEB_ROOT) : path.join(root, 'dist-web');
  let source;
  const apps = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--web-root' || argv[i] === '--source') {
      if (!argv[i + 1]) usage(`${argv[i]} needs a folder`);
      const folder = path.resolve(argv[(i += 1)]);
      if (argv[i - 1] === '--web-root') webRoot = folder;
      else source = folder;
    } else if (APPS[argv[i]]) apps.push(argv[i]);
    else usage(`Unknown app "${argv[i]}"`);
  }
  // A build made elsewhere (CI artefact, another checkout) is deployed one app at a time.
  if (source && apps.length !== 1) usage('--source needs exactly one app');
  return { webRoot, source, apps: apps.length ? apps : Object.keys(APPS) };
}

/** Every file of a build, relative and with forward slashes. */
function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), relative) : [relative];
  });
}

function copyAtomically(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  const temporary = `${to}.${process.pid}.tmp`;
  copyFileSync(from, temporary);
  renameSync(temporary, to);
}

const entryRank = (file) => {
  const index = ENTRY_FILES.indexOf(path.basename(file).replace(/\.gz$/, ''));
  return index === -1 ? -1 : index;
};

export function deployApp(app, webRoot, source = path.join(root, app, 'dist')) {
  const required = APPS[app].kind === 'host' ? 'index.html' : 'mf-manifest.json';
  if (!existsSync(path.join(source, required))) {
    throw new Error(`${app} is not built (${path.join(source, required)} is missing): run its build first`);
  }
  const target = path.join(webRoot, deployFolder(app));
  const files = listFiles(source).filter((file) => !file.endsWith('.tmp'));
  const ordered = [...files].sort((a, b) => entryRank(a) - entryRank(b));
  for (const file of ordered) copyAtomically(path.join(source, file), path.join(target, file));

  const recordPath = path.join(target, RECORD);
  const previous = existsSync(recordPath) ? (JSON.parse(readFileSync(recordPath, 'utf8')).current ?? []) : [];
  const keep = new Set([...files, ...previous, RECORD]);
  let removed = 0;
  for (const file of listFiles(target)) {
    if (!keep.has(file)) {
      rmSync(path.join(target, file));
      removed += 1;
    }
  }
  writeFileSync(
    recordPath,
    JSON.stringify({ deployedAt: new Date().toISOString(), current: files, previous }, null, 2),
  );
  return { target, files: files.length, removed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { webRoot, source, apps } = parseArgs(process.argv.slice(2));
  try {
    for (const app of apps) {
      const { target, files, removed } = deployApp(app, webRoot, source);
      console.log(
        `deployed ${app} -> ${path.relative(process.cwd(), target) || '.'} (${files} files${removed ? `, ${removed} old removed` : ''})`,
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
