import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { PORTAL_REMOTES } from '@portal/contracts';
import type { AppContext } from '../context';
import {
  defaultRemoteEntry,
  externalRemoteOrigins,
  remoteEntries,
  remoteFolder,
} from '../modules/web-config';
import { pageWithFirstPaint } from './first-paint';

/** Content-hashed files (`name.<16 hex>.ext`, webpack/create-app-config.cjs) never change: cache them for good. */
const HASHED_FILE = /\.[0-9a-f]{16}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, mf-manifest.json, remoteEntry.js) is checked with the server on each use. */
const REVALIDATE = 'no-cache';

export const WEB_NOT_BUILT = 'The web app is not built';

/**
 * The built shell at `/` and each remote under `/remotes/<folder>/`, from WEB_ROOT (default `dist-web/`,
 * filled by `scripts/deploy-web.mjs`). Any other GET that wants a page gets the shell's index.html, so deep
 * links such as `/admin/users` survive a refresh. Files are read per request: redeploying one folder takes
 * effect at once, without a restart.
 */
export function mountWeb(app: express.Express, ctx: AppContext): void {
  const webRoot = ctx.config.webRoot;
  const shellRoot = path.join(webRoot, 'shell');
  const indexHtml = path.join(shellRoot, 'index.html');
  const web = express.Router();
  const entries = remoteEntries(ctx.config);
  web.use(securityHeaders(externalRemoteOrigins(entries)));
  // A remote served from elsewhere (REMOTES) may be another version than the files here: its first paint too.
  const localRemoteRoots = PORTAL_REMOTES.filter((remote) =>
    entries.some((entry) => entry.name === remote.name && entry.entry === defaultRemoteEntry(remote.folder)),
  ).map((remote) => path.join(webRoot, remoteFolder(remote.folder)));

  for (const remote of PORTAL_REMOTES) {
    const folder = remoteFolder(remote.folder);
    const root = path.join(webRoot, folder);
    web.use(`/${folder}`, (_req, res, next) => {
      // A shell on another origin may load this remote (REMOTES points there): its files are public.
      res.set({ 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' });
      next();
    });
    web.use(`/${folder}`, compressedManifest(root), precompressed(root), staticFiles(root), (_req, res) => {
      res.status(404).type('text/plain').set('Cache-Control', REVALIDATE).send('Not found');
    });
  }

  web.use(precompressed(shellRoot), staticFiles(shellRoot));
  web.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.posix.extname(req.path) !== '') return next();
    if (!existsSync(indexHtml)) {
      res.status(503).set('Cache-Control', 'no-store').json({ message: WEB_NOT_BUILT });
      return;
    }
    const firstPaint = await pageWithFirstPaint(indexHtml, localRemoteRoots, req.path).catch(() => undefined);
    if (firstPaint) {
      const gzip = Boolean(req.acceptsEncodings('gzip'));
      res.vary('Accept-Encoding');
      res.set({ 'Cache-Control': REVALIDATE, ETag: `W/"${firstPaint.version}${gzip ? '-gz' : ''}"` });
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.type('html');
      if (gzip) res.set('Content-Encoding', 'gzip');
      res.send(gzip ? firstPaint.gzipped : firstPaint.body);
      return;
    }
    res.sendFile(indexHtml, { headers: { 'Cache-Control': REVALIDATE }, cacheControl: false });
  });
  web.use((req, res) => {
    res.status(404).type('text/plain').set('Cache-Control', REVALIDATE).send('Not found');
  });
  app.use(web);
}

function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(filePath.replace(/\.gz$/, '')) ? IMMUTABLE : REVALIDATE;
}

function staticFiles(root: string) {
  return express.static(root, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
    },
  });
}

/**
 * Sends `file.gz` (written at build time by webpack/precompress-plugin.cjs) to clients that accept gzip, so
 * the portal's scripts travel compressed without compressing on every request.
 */
function precompressed(root: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!req.acceptsEncodings('gzip')) return next();
    const file = fileInside(root, req.path);
    if (!file || !isFile(file) || !isFile(`${file}.gz`)) return next();
    res.vary('Accept-Encoding');
    res.type(path.extname(file));
    res.sendFile(
      `${file}.gz`,
      {
        headers: { 'Content-Encoding': 'gzip', 'Cache-Control': cacheControlFor(file) },
        cacheControl: false,
        dotfiles: 'deny',
      },
      (error) => {
        if (error) next(error);
      },
    );
  };
}

const MANIFEST = 'mf-manifest.json';
/** Smaller manifests are not worth compressing (the build's twins use the same floor). */
const COMPRESS_FROM_BYTES = 1024;
/** Each manifest's gzip for its current version (inode, size, mtime): a deploy renames a new file into place. */
const gzippedManifests = new Map<string, { version: string; gzipped: Buffer }>();

/**
 * A remote's mf-manifest.json (21 KB for the auth remote, on the sign-in page's path) travels gzipped. It has no
 * build-time twin because a deploy rewrites it; it is compressed here once per version and kept in memory
 * (safe to lose: the next request compresses it again). An unchanged manifest answers 304.
 */
function compressedManifest(root: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.posix.basename(req.path) !== MANIFEST)
      return next();
    const file = fileInside(root, req.path);
    const stats = file ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!file || !stats?.isFile() || stats.size < COMPRESS_FROM_BYTES || !req.acceptsEncodings('gzip'))
      return next();
    try {
      const version = `${stats.ino}-${stats.size}-${Math.trunc(stats.mtimeMs)}`;
      let cached = gzippedManifests.get(file);
      if (cached?.version !== version) {
        cached = { version, gzipped: gzipSync(await readFile(file)) };
        gzippedManifests.set(file, cached);
      }
      res.vary('Accept-Encoding');
      res.set({ 'Cache-Control': REVALIDATE, ETag: `W/"${version}-gz"` });
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.type('json').set('Content-Encoding', 'gzip').send(cached.gzipped);
    } catch {
      next();
    }
  };
}

/** The file a URL path names inside root, or undefined for anything that would leave it or is hidden. */
function fileInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.')))
    return undefined;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Headers of the web part. The CSP allows exactly what the portal loads: its own scripts, styles, fonts and
 * calls, remotes from other origins when REMOTES names them, `data:`/`blob:` images (selfie preview, captcha,
 * media) and inline styles (PrimeReact and react-toastify set them at runtime). No inline or eval'd script.
 */
function securityHeaders(remoteOrigins: string[]) {
  const self = ["'self'", ...remoteOrigins];
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: self,
          styleSrc: [...self, "'unsafe-inline'"],
          imgSrc: [...self, 'data:', 'blob:'],
          fontSrc: [...self, 'data:'],
          connectSrc: self,
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          workerSrc: ["'none'"],
          manifestSrc: ["'self'"],
        },
      },
      // Cross-origin remotes would be blocked by require-corp; the CSP already limits where scripts come from.
      crossOriginEmbedderPolicy: false,
    }),
    (_req: Request, res: Response, next: NextFunction) => {
      // The selfie needs the camera and sign-in may read the location; nothing else is used.
      res.setHeader(
        'Permissions-Policy',
        'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()',
      );
      next();
    },
  ];
}
