// Keeps the docs pointing at files that exist. Run by `npm run lint`; prints every broken reference as
// `file:line: reason` and exits 1 when there is one. What it reads (the repository's files: git's tracked and
// new ones, node_modules and build output left out):
//   1. Markdown links in every *.md: `[text](target)`, `![alt](target)` and `[label]: target`, outside code
//      blocks, code spans and HTML comments. A target without a scheme (http:, mailto:, …) is a repository path,
//      relative to the page (or to the root when it starts with `/`): it must exist, and an `#anchor` on a
//      Markdown page (or a bare `#anchor`) must be one of that page's headings as GitHub spells them.
//   2. Paths mentioned in every *.md outside code blocks: any `*.md` path (`docs/x.md`, `PAYOUTS.md`), and in code
//      spans a word with a `/` and a file extension of ours (`api-gateway/src/lib/y.ts`, `registration/z.ts`). It
//      must name a repository file, in full from the root or the page, or as the tail of one
//      (`registration/selfie-limits.ts` names `api-gateway/src/modules/registration/selfie-limits.ts`). Paths with
//      `<`, `*`, `…` or a leading `/` (URLs, patterns) and build output (`dist/`, `dist-web/`, `node_modules/`)
//      are not files of the repository.
//   3. `*.md` paths anywhere in source files (.ts, .tsx, .js, .mjs, .cjs, .sql, .sh, .yaml): comments and
//      strings, by the same rule as 2 (`$root/docs/x.md` is `docs/x.md`).
//   4. A section named in quotes right after a page, in any file of 2 or 3 (`docs/decisions.md, "Ledger states"`,
//      `docs/decisions.md "A run's sum …"`): one of that page's headings must begin with it.
// `--self-check` first plants one broken reference of each kind in a temporary copy and fails unless each one is
// reported (and a page with none is clean); `npm run lint` runs both.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|js|mjs|cjs|sql|sh|ya?ml)$/;
const PATH_EXTENSIONS = 'md|ts|tsx|js|mjs|cjs|sql|sh|json|ya?ml|html|css|xlsx|csv';
const PATH_WORD = new RegExp(`^[\\w@.-][\\w@./-]*\\.(${PATH_EXTENSIONS})$`);
const MD_MENTION = /(?<![\w@./-])([\w@.-][\w@./-]*\.md)(?![\w/-])/g;
const NOT_OURS = /(^|\/)(node_modules|dist|dist-web|data|test-results|coverage)\//;

function repositoryFiles(root) {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(listed.split('\0').filter(Boolean))].filter(
      (file) => !NOT_OURS.test(file) && existsSync(path.join(root, file)),
    );
  } catch {
    const walk = (dir) =>
      readdirSync(path.join(root, dir)).flatMap((name) => {
        const file = dir ? `${dir}/${name}` : name;
        if (name === '.git' || NOT_OURS.test(`${file}/`)) return [];
        return statSync(path.join(root, file)).isDirectory() ? walk(file) : [file];
      });
    return walk('');
  }
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutCode(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** The page with fenced code blocks and HTML comments blanked (line numbers kept). */
function withoutCode(markdown) {
  let fence = null;
  const lines = markdown
    .replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => {
      const marker = /^\s*(```|~~~)/.exec(line);
      if (fence) {
        if (marker && marker[1] === fence) fence = null;
        return ' '.repeat(line.length);
      }
      if (marker) {
        fence = marker[1];
        return ' '.repeat(line.length);
      }
      return line;
    });
  return lines.join('\n');
}

function checker(root) {
  const files = repositoryFiles(root);
  const fileSet = new Set(files);
  const dirs = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const anchorCache = new Map();
  const anchorsIn = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(path.join(root, file), 'utf8')));
    return anchorCache.get(file);
  };
  const problems = [];
  const report = (file, index, text, reason) => {
    const line = text.slice(0, index).split('\n').length;
    problems.push(`${file}:${line}: ${reason}`);
  };
  // A path mentioned in prose or code: a file of the repository, in full or as the tail of one.
  const fileNamed = (from, mention) => {
    const clean = mention.replace(/^\.\//, '');
    const relative = path.posix.normalize(path.posix.join(path.posix.dirname(from), mention));
    if (fileSet.has(relative)) return relative;
    if (fileSet.has(clean)) return clean;
    return files.find((file) => file.endsWith(`/${clean}`)) ?? null;
  };
  const names = (from, mention) => fileNamed(from, mention) !== null;
  const headingsCache = new Map();
  const headingsOf = (page) => {
    if (!headingsCache.has(page))
      headingsCache.set(
        page,
        withoutCode(readFileSync(path.join(root, page), 'utf8'))
          .split('\n')
          .flatMap((line) => /^#{1,6}\s+(.*?)\s*$/.exec(line)?.slice(1) ?? [])
          .map((heading) => heading.replace(/`/g, '').toLowerCase()),
      );
    return headingsCache.get(page);
  };
  // `page.md, "Title"` or `page.md "Title …"`: a heading of that page begins with the title.
  const checkQuotedTitles = (file, text, scanned) => {
    for (const match of scanned.matchAll(/([\w@.-][\w@./-]*\.md)\)?,?\s*"([^"\n]{3,})"/g)) {
      const page = fileNamed(file, match[1]);
      if (!page) continue; // reported as a missing page
      const title = match[2]
        .replace(/\s+/g, ' ')
        .replace(/\s*(…|\.\.\.)$/, '')
        .replace(/`/g, '')
        .toLowerCase();
      if (!headingsOf(page).some((heading) => heading.startsWith(title)))
        report(file, match.index, text, `names "${match[2]}" in ${page}, which has no such heading`);
    }
  };

  for (const file of files.filter((name) => name.endsWith('.md'))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const prose = withoutCode(text);
    const links = [
      ...[
        ...prose
          .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length))
          .matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
      ].map((match) => [match.index, match[1]]),
      ...[...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => [
        match.index,
        match[1],
      ]),
    ];
    for (const [index, target] of links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const hash = target.indexOf('#');
      const filePart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      const resolved = filePart
        ? path.posix
            .normalize(
              filePart.startsWith('/')
                ? filePart.slice(1)
                : path.posix.join(path.posix.dirname(file), filePart),
            )
            .replace(/\/$/, '')
        : file;
      if (!fileSet.has(resolved) && !dirs.has(resolved)) {
        report(file, index, text, `link to ${target}: no file ${resolved}`);
      } else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) {
        report(file, index, text, `link to ${target}: ${resolved} has no heading #${anchor}`);
      }
    }
    for (const match of prose
      .replace(/\]\([^)\n]*\)|^\s{0,3}\[[^\]]+\]:.*$/gm, (link) => ' '.repeat(link.length))
      .matchAll(MD_MENTION)) {
      if (!NOT_OURS.test(match[1]) && !/[<*…]/.test(match[1]) && !names(file, match[1]))
        report(file, match.index, text, `mentions ${match[1]}, which is no file of the repository`);
    }
    checkQuotedTitles(file, text, prose);
    for (const span of prose.matchAll(/`([^`\n]+)`/g)) {
      for (const word of span[1].split(/[\s,;()'"]+/)) {
        const mention = word.replace(/[:.]+$/, '').replace(/#.*$/, '');
        if (!PATH_WORD.test(mention) || /[<*…]/.test(mention) || NOT_OURS.test(mention)) continue;
        if (!mention.includes('/') || mention.endsWith('.md')) continue; // .md mentions: above, anywhere
        if (!names(file, mention))
          report(file, span.index, text, `mentions ${mention}, which is no file of the repository`);
      }
    }
  }
  // This file's own planted examples are the one place a missing page is named on purpose.
  for (const file of files.filter(
    (name) => SOURCE.test(name) && name !== 'scripts/check-doc-references.mjs',
  )) {
    const text = readFileSync(path.join(root, file), 'utf8');
    // `$root/docs/x.md`, `${dir}/x.md`: the path after the variable.
    const unvariabled = text.replace(/\$\{?\w+\}?\//g, (variable) => ' '.repeat(variable.length));
    // A title may run on to the next comment line: the line break and comment marker read as spaces.
    checkQuotedTitles(
      file,
      text,
      unvariabled.replace(/\n[ \t]*(\/\/|--|\*|#)[ \t]*/g, (join) => ' '.repeat(join.length)),
    );
    for (const match of unvariabled.matchAll(MD_MENTION)) {
      if (NOT_OURS.test(match[1]) || names(file, match[1])) continue;
      report(file, match.index, text, `mentions ${match[1]}, which is no file of the repository`);
    }
  }
  return problems;
}

function selfCheck() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doc-references-'));
  try {
    const write = (file, text) => {
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    write(
      'docs/guide.md',
      '# Guide\n\n## Two `<words>`\n\nSee [ok](../README.md#start), [here](#two-words) and `src/app.ts`.\n',
    );
    write('src/app.ts', '// Explained in docs/guide.md.\nexport {};\n');
    write(
      'README.md',
      [
        '# Start',
        '[gone](docs/gone.md) [bad anchor](docs/guide.md#three-words) [ok](docs/guide.md#two-words)',
        '[ref]: docs/missing.md',
        'Read `docs/pending/old.md` and `lib/vanished.ts`; not `/api/x.json`, nor `dist/y.js`.',
        '```sh',
        'cat [fenced](docs/not-checked.md)',
        '```',
        '<!-- [commented](docs/not-yet.md) -->',
        'As the old notes in docs/pending/prose.md said.',
      ].join('\n'),
    );
    write(
      'src/other.ts',
      '// See PAYOUTS.md for the rules, docs/guide.md, "Two <words>" and docs/guide.md "Three\n// words".\nexport {};\n',
    );
    write('scripts/run.sh', 'grep -q x "$root/docs/guide.md" "${root}/docs/gone-too.md"\n');
    const found = checker(dir).join('\n');
    const expected = [
      'README.md:2: link to docs/gone.md',
      'README.md:2: link to docs/guide.md#three-words: docs/guide.md has no heading',
      'README.md:3: link to docs/missing.md',
      'README.md:4: mentions docs/pending/old.md',
      'README.md:4: mentions lib/vanished.ts',
      'README.md:9: mentions docs/pending/prose.md',
      'scripts/run.sh:1: mentions docs/gone-too.md',
      'src/other.ts:1: mentions PAYOUTS.md',
      'src/other.ts:1: names "Three',
    ];
    const missed = expected.filter((line) => !found.includes(line));
    const extra = found.split('\n').filter((line) => line && !expected.some((want) => line.startsWith(want)));
    if (missed.length || extra.length) {
      console.error(
        `check-doc-references self-check failed.\nNot reported: ${missed.join('; ') || 'none'}\nWrongly reported: ${extra.join('; ') || 'none'}`,
      );
      process.exit(1);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--self-check')) selfCheck();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = checker(root);
if (problems.length) {
  console.error(
    `${problems.join('\n')}\n${problems.length} reference(s) to files or headings that do not exist.`,
  );
  process.exit(1);
}
