import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';

const INDEX = '<!doctype html><title>Affiliate Portal</title><body><div id="root"></div></body>';
const LOGIN_FIRST_PAINT = '<div data-first-paint="/login"><h1>Sign In</h1><p>costs $& nothing</p></div>';

function put(root: string, file: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

function writeWebRoot(root: string): void {
  put(root, 'shell/index.html', INDEX);
  put(root, 'remotes/auth/mf-manifest.json', '{"id":"mfe_auth"}');
  put(root, 'remotes/auth/first-paint/login.html', `${LOGIN_FIRST_PAINT}\n`);
}

const withFirstPaint = (markup: string) =>
  INDEX.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);

describe('the first paint of a remote page, inside the shell document', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-first-paint-'));
    writeWebRoot(webRoot);
    t = await createTestApp({ WEB_ROOT: webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  test('/login carries the auth remote first paint in #root, gzipped, word for word (no $ patterns)', async () => {
    for (const url of ['/login', '/login/', '/login?next=/x']) {
      const res = await request(t.app).get(url).set('Accept', 'text/html').set('Accept-Encoding', 'gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.text).toBe(withFirstPaint(LOGIN_FIRST_PAINT));
    }
    const plain = await request(t.app).get('/login').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(withFirstPaint(LOGIN_FIRST_PAINT));
  });

  test('an unchanged page answers 304; a redeployed first paint is served at once', async () => {
    const first = await request(t.app).get('/login').set('Accept-Encoding', 'gzip');
    const again = await request(t.app)
      .get('/login')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);

    const redeployed = '<div data-first-paint="/login"><h1>Sign In</h1><p>new words</p></div>';
    put(webRoot, 'remotes/auth/first-paint/login.html', redeployed);
    const after = await request(t.app)
      .get('/login')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', first.headers.etag);
    expect(after.status).toBe(200);
    expect(after.text).toBe(withFirstPaint(redeployed));
    put(webRoot, 'remotes/auth/first-paint/login.html', LOGIN_FIRST_PAINT);
  });

  test.each(['/register', '/admin/users', '/LOGIN', '/login/again', '/%2e%2e'])(
    '%s, which has no first paint, gets the plain shell',
    async (url) => {
      const res = await request(t.app).get(url).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX);
    },
  );

  test('a path that climbs out of the folder never reaches a first paint', async () => {
    const res = await request(t.app).get('/..%2flogin').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('data-first-paint');
  });

  test('no first paint when the auth remote is served from elsewhere (REMOTES): the local files may be another version', async () => {
    const elsewhere = await createTestApp({
      WEB_ROOT: webRoot,
      REMOTES: JSON.stringify({ mfe_auth: 'https://cdn.example/auth/mf-manifest.json' }),
    });
    try {
      const res = await request(elsewhere.app).get('/login').set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX);
    } finally {
      await elsewhere.close();
    }
  });

  test('a shell whose index.html has no empty #root is served as it is', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'portal-first-paint-'));
    const index = '<!doctype html><div id="app"></div>';
    put(other, 'shell/index.html', index);
    put(other, 'remotes/auth/first-paint/login.html', LOGIN_FIRST_PAINT);
    const app = await createTestApp({ WEB_ROOT: other });
    try {
      const res = await request(app.app).get('/login').set('Accept', 'text/html');
      expect(res.text).toBe(index);
    } finally {
      await app.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
