// Keeps the code's shape: no import cycles in any package (type imports count too, since a type cycle is
// a design cycle), and no gateway module reaching into another module's files except through the file
// that module offers to others (its `<module>/index.ts`, or the shared `lib/`), and no gateway file loading
// exceljs's entry (see api-gateway/src/lib/excel-workbook.ts).
// Run by `npm run lint`; prints every offence and exits 1 when there is one.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PACKAGES = [
  'contracts',
  'shared-ui',
  'shell',
  'mfe-auth',
  'mfe-admin',
  'mfe-backoffice',
  'mfe-affiliate',
  'api-gateway',
];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every relative import, export-from and dynamic import of a file, type-only ones included. */
function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((ref) => resolveRelative(file, ref.fileName)).filter(Boolean);
}

const problems = [];
const rel = (file) => path.relative(root, file);

for (const pkg of PACKAGES) {
  const src = path.join(root, pkg, 'src');
  if (!existsSync(src)) continue;
  const graph = new Map(sourceFiles(src).map((file) => [file, importsOf(file)]));

  // Cycles: depth-first search, reporting each cycle once by its smallest member.
  const state = new Map();
  const seen = new Set();
  const visit = (file, trail) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = trail.slice(trail.indexOf(next)).map(rel);
        const key = [...cycle].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          problems.push(`import cycle: ${[...cycle, rel(next)].join(' -> ')}`);
        }
      } else if (!state.has(next)) visit(next, trail);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, []);

  if (pkg === 'api-gateway') {
    // exceljs's entry loads its streaming reader (unzipper, bluebird 3.4), which keeps every jest module
    // registry that loads it alive: lib/excel-workbook.ts loads the writing half only (types are free).
    for (const file of graph.keys()) {
      const text = readFileSync(file, 'utf8');
      if (
        /^\s*import\s+(?!type\b)[^;]*?from\s+['"]exceljs['"]|\b(?:require|import)\(\s*['"]exceljs['"]\s*\)/m.test(
          text,
        )
      )
        problems.push(
          `${rel(file)} loads exceljs's entry: use lib/excel-workbook.ts (workbookClass, workbookWriterClass)`,
        );
    }

    // Gateway modules: another module's files only through its index.ts.
    const modulesDir = path.join(src, 'modules') + path.sep;
    const moduleOf = (file) =>
      file.startsWith(modulesDir) ? file.slice(modulesDir.length).split(path.sep)[0] : null;
    for (const [file, imports] of graph) {
      // Tests are white-box: they may use another module's fixtures.
      if (file.includes(`${path.sep}__tests__${path.sep}`)) continue;
      const own = moduleOf(file);
      for (const target of imports) {
        const other = moduleOf(target);
        if (!other || other === own) continue;
        if (target === path.join(modulesDir, other, 'index.ts')) continue;
        problems.push(
          `${rel(file)} reaches into module '${other}' (${rel(target)}): import from modules/${other}/index.ts`,
        );
      }
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import problem(s).`);
  process.exit(1);
}
console.log('import graph: no cycles, no reaching into other gateway modules');
