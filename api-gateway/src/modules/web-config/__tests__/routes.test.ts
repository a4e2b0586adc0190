import { createRequire } from 'node:module';
import path from 'node:path';
import request from 'supertest';
import { PORTAL_REMOTES, RemotesResponse } from '@portal/contracts';
import { ConfigError } from '../../../config';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { remoteEntries } from '../remote-entries';

describe('GET /api/config/remotes', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  test('lists every remote with its manifest under /remotes/ by default, never cached', async () => {
    t = await createTestApp();
    const res = await request(t.app).get('/api/config/remotes');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(RemotesResponse.parse(res.body)).toEqual({
      remotes: [
        { name: 'mfe_auth', entry: '/remotes/auth/mf-manifest.json' },
        { name: 'mfe_admin', entry: '/remotes/admin/mf-manifest.json' },
        { name: 'mfe_backoffice', entry: '/remotes/backoffice/mf-manifest.json' },
        { name: 'mfe_affiliate', entry: '/remotes/affiliate/mf-manifest.json' },
      ],
    });
  });

  test('REMOTES moves a remote without a shell build, and the page CSP allows its origin', async () => {
    t = await createTestApp({
      REMOTES: JSON.stringify({ 'mfe-admin': 'https://cdn.example.com/admin/mf-manifest.json' }),
      WEB_ROOT: path.join(__dirname, 'no-such-web-root'),
    });
    const res = await request(t.app).get('/api/config/remotes');
    expect(res.body.remotes).toContainEqual({
      name: 'mfe_admin',
      entry: 'https://cdn.example.com/admin/mf-manifest.json',
    });
    expect(res.body.remotes).toContainEqual({ name: 'mfe_auth', entry: '/remotes/auth/mf-manifest.json' });

    const page = await request(t.app).get('/');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://cdn.example.com;");
  });

  test('is described in the OpenAPI document', async () => {
    t = await createTestApp();
    expect(t.ctx.routeDocs.some((doc) => doc.method === 'get' && doc.path === '/config/remotes')).toBe(true);
  });
});

describe('remote overrides are checked at start', () => {
  test.each([
    [{ mfe_unknown: '/x/mf-manifest.json' }, /unknown remote mfe_unknown/],
    [{ mfe_admin: 'javascript:alert(1)' }, /must be an http\(s\) URL/],
    [{ admin: '//evil.example/mf-manifest.json' }, /must be an http\(s\) URL/],
    [{ admin: '/a/mf-manifest.json', 'mfe-admin': '/b/mf-manifest.json' }, /name the same remote/],
  ])('%j is refused', (overrides, message) => {
    expect(() => remoteEntries({ remoteOverrides: overrides })).toThrow(ConfigError);
    expect(() => remoteEntries({ remoteOverrides: overrides })).toThrow(message);
  });

  test('the federation name, the package name and the folder all name a remote', () => {
    const remotes = remoteEntries({
      remoteOverrides: {
        mfe_auth: '/a/mf-manifest.json',
        'mfe-backoffice': '/b/mf-manifest.json',
        affiliate: 'http://localhost:3004/mf-manifest.json',
      },
    });
    expect(remotes.map((remote) => remote.entry)).toEqual([
      '/a/mf-manifest.json',
      '/remotes/admin/mf-manifest.json',
      '/b/mf-manifest.json',
      'http://localhost:3004/mf-manifest.json',
    ]);
  });
});

test('the build table (webpack/apps.cjs) and the contracts table name the same remotes', () => {
  const load = createRequire(__filename);
  const { APPS } = load('../../../../../webpack/apps.cjs') as {
    APPS: Record<string, { kind: string; federationName: string; short: string }>;
  };
  const builtRemotes = Object.entries(APPS)
    .filter(([, app]) => app.kind === 'remote')
    .map(([packageName, app]) => ({ name: app.federationName, packageName, folder: app.short }));
  expect(builtRemotes).toEqual(PORTAL_REMOTES.map((remote) => ({ ...remote })));
});
