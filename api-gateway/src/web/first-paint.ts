import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

/**
 * The first paint a remote deploys for a page of its own (`<remote folder>/first-paint/<page>.html`, e.g. the
 * auth remote's `login.html`, written by mfe-auth/webpack/first-paint-plugin.cjs): static markup of the page's
 * heading and frame, put inside the shell's `<div id="root">` so a phone paints it with the document instead
 * of after the whole chain of scripts. The shell keeps it on screen until the real page replaces it.
 *
 * Read from the deployed files on each request (cached per file version), so a remote deployed alone brings
 * its own first paint; a remote without one (or an older shell without `#root` as expected) gets the plain page.
 */
export interface FirstPaintPage {
  body: Buffer;
  gzipped: Buffer;
  /** Changes with either file, for the ETag. */
  version: string;
}

/** A page path the first paint may exist for: one lowercase segment (`/login`, `/register/`). */
const PAGE_PATH = /^\/([a-z][a-z0-9-]{0,40})\/?$/;
const EMPTY_ROOT = '<div id="root"></div>';

const composed = new Map<string, FirstPaintPage & { key: string }>();

async function versionOf(file: string): Promise<string | undefined> {
  const stats = await stat(file).catch(() => undefined);
  return stats?.isFile() ? `${stats.ino}-${stats.size}-${Math.trunc(stats.mtimeMs)}` : undefined;
}

/**
 * The shell's index.html with the first paint of `urlPath` inside `#root`, or undefined when no remote in
 * `remoteRoots` (the folders this gateway serves remotes from) has one for that path.
 */
export async function pageWithFirstPaint(
  indexHtml: string,
  remoteRoots: string[],
  urlPath: string,
): Promise<FirstPaintPage | undefined> {
  const page = PAGE_PATH.exec(urlPath)?.[1];
  if (!page) return undefined;
  for (const root of remoteRoots) {
    const fragment = path.join(root, 'first-paint', `${page}.html`);
    const fragmentVersion = await versionOf(fragment);
    if (!fragmentVersion) continue;
    const indexVersion = await versionOf(indexHtml);
    if (!indexVersion) return undefined;
    const key = `${indexVersion}/${fragmentVersion}`;
    const cached = composed.get(fragment);
    if (cached?.key === key) return cached;
    const [shell, markup] = await Promise.all([readFile(indexHtml, 'utf8'), readFile(fragment, 'utf8')]);
    if (!shell.includes(EMPTY_ROOT)) return undefined;
    const html = shell.replace(EMPTY_ROOT, () => `<div id="root">${markup.trim()}</div>`);
    const body = Buffer.from(html);
    const entry = { key, body, gzipped: gzipSync(body), version: key };
    composed.set(fragment, entry);
    return entry;
  }
  return undefined;
}
