import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';

const INDEX = '<!doctype html><title>Affiliate Portal</title><div id="root"></div>';
const SHELL_CHUNK = 'console.log("shell chunk");'.repeat(50);

function writeWebRoot(root: string): void {
  const put = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  put('shell/index.html', INDEX);
  put('shell/main.0123456789abcdef.js', SHELL_CHUNK);
  put('shell/main.0123456789abcdef.js.gz', gzipSync(SHELL_CHUNK));
  put('shell/.deploy-files.json', '[]');
  put('remotes/admin/mf-manifest.json', '{"id":"mfe_admin"}');
  put('remotes/admin/remoteEntry.js', 'var mfe_admin;');
  put('remotes/admin/901.fedcba9876543210.js', 'console.log("admin chunk");');
}

describe('web part served by the gateway', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeWebRoot(webRoot);
    t = await createTestApp({ WEB_ROOT: webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  test('the shell is served at / and index.html is revalidated on every load', async () => {
    const res = await request(t.app).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX);
  });

  test.each(['/admin/users', '/login', '/backoffice/users?status=pending'])(
    'deep link %s reloads into the app',
    async (url) => {
      const res = await request(t.app).get(url).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  test("a remote's large manifest travels gzipped, follows a redeploy at once, and answers 304 unchanged", async () => {
    const manifest = (version: string) =>
      JSON.stringify({
        id: 'mfe_auth',
        version,
        exposes: Array.from({ length: 200 }, (_, i) => `./page${i}`),
      });
    const file = path.join(webRoot, 'remotes/auth/mf-manifest.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, manifest('one'));
    const first = await request(t.app).get('/remotes/auth/mf-manifest.json').set('Accept-Encoding', 'gzip');
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(Number(first.headers['content-length'])).toBeLessThan(manifest('one').length / 3);
    expect(first.body).toEqual(JSON.parse(manifest('one')));

    const unchanged = await request(t.app)
      .get('/remotes/auth/mf-manifest.json')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', first.headers.etag);
    expect(unchanged.status).toBe(304);

    writeFileSync(file, manifest('two-after-a-redeploy'));
    const redeployed = await request(t.app)
      .get('/remotes/auth/mf-manifest.json')
      .set('Accept-Encoding', 'gzip');
    expect(redeployed.body).toEqual(JSON.parse(manifest('two-after-a-redeploy')));
    const plain = await request(t.app)
      .get('/remotes/auth/mf-manifest.json')
      .set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.text)).toEqual(JSON.parse(manifest('two-after-a-redeploy')));
  });

  test('hashed chunks are immutable; remote manifests and entries are revalidated', async () => {
    const chunk = await request(t.app).get('/remotes/admin/901.fedcba9876543210.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-type']).toMatch(/javascript/);

    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await request(t.app).get(`/remotes/admin/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  test('a client that accepts gzip gets the precompressed twin, with the same cache rule', async () => {
    const res = await request(t.app).get('/main.0123456789abcdef.js').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(SHELL_CHUNK);

    const plain = await request(t.app).get('/main.0123456789abcdef.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SHELL_CHUNK);
  });

  test('a missing asset is a 404, not the app page', async () => {
    for (const url of [
      '/remotes/admin/missing.js',
      '/remotes/admin/',
      '/missing.0123456789abcdef.js',
      '/favicon.ico',
    ]) {
      const res = await request(t.app).get(url).set('Accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.text).not.toBe(INDEX);
    }
  });

  test('hidden files and paths leaving the web root are never served', async () => {
    expect((await request(t.app).get('/.deploy-files.json')).status).toBe(404);
    expect((await request(t.app).get('/..%2f..%2fetc%2fpasswd').set('Accept-Encoding', 'gzip')).status).toBe(
      404,
    );
    expect((await request(t.app).get('/remotes/admin/..%2f..%2fshell%2findex.html')).status).toBe(404);
  });

  test('the page carries a CSP that allows only the portal itself, and security headers', async () => {
    const res = await request(t.app).get('/login').set('Accept', 'text/html');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
  });

  test('remote files may be loaded by a shell on another origin', async () => {
    const res = await request(t.app).get('/remotes/admin/mf-manifest.json');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  test('the API keeps answering JSON beside the web part', async () => {
    const res = await request(t.app).get('/api/nope').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No such call: GET /api/nope');
  });
});

describe('gateway without a web build', () => {
  let t: TestApp;
  let emptyRoot: string;
  beforeAll(async () => {
    emptyRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-web-empty-'));
    t = await createTestApp({ WEB_ROOT: emptyRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(emptyRoot, { recursive: true, force: true });
  });

  test('/ answers 503 "The web app is not built" and the API still works', async () => {
    const page = await request(t.app).get('/').set('Accept', 'text/html');
    expect(page.status).toBe(503);
    expect(page.body).toEqual({ message: 'The web app is not built' });

    const remotes = await request(t.app).get('/api/config/remotes');
    expect(remotes.status).toBe(200);
  });
});
