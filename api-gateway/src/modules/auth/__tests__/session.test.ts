import express from 'express';
import { SignJWT } from 'jose';
import request from 'supertest';
import { Messages, OurMessages } from '@portal/contracts';
import { ApiRouter } from '../../../http/api-router';
import { errorHandler } from '../../../http/errors';
import { loadRightsTable } from '../../../http/session';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { tokenFor } from '../../../../test-support/auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const profile = (token?: string) => {
  const req = request(t.app).get('/api/user/profile');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const { admin, backoffice, affiliate } = DEMO_ACCOUNTS;

describe('401 on a protected call', () => {
  test('without a token', async () => {
    const res = await profile();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: Messages.unauthorized });
  });

  test('with a tampered token (payload or signature changed)', async () => {
    const token = await tokenFor(t.app, admin.email, admin.password);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url');
    expect((await profile(`${header}.${forged}.${signature}`)).status).toBe(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await profile(`${header}.${payload}.${flipped}`)).status).toBe(401);
    expect((await profile('not-a-jwt')).status).toBe(401);
  });

  test('with a token signed by another key or with another algorithm', async () => {
    const token = await tokenFor(t.app, admin.email, admin.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await profile(otherKey)).status).toBe(401);
    const otherAlg = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(t.ctx.config.jwtSecret);
    expect((await profile(otherAlg)).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${token.split('.')[1]}.`;
    expect((await profile(none)).status).toBe(401);
  });

  test('with an expired token', async () => {
    const token = await tokenFor(t.app, admin.email, admin.password);
    expect((await profile(token)).status).toBe(200);
    t.advanceClock(t.ctx.config.sessionTtlMinutes * 60_000 + 1_000);
    expect((await profile(token)).status).toBe(401);
  });

  test('after logout, at once', async () => {
    const token = await tokenFor(t.app, backoffice.email, backoffice.password);
    const other = await tokenFor(t.app, backoffice.email, backoffice.password);
    const out = await request(t.app).post('/api/login/logout').set('Authorization', `Bearer ${token}`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: OurMessages.loggedOut });
    expect((await profile(token)).status).toBe(401);
    expect(
      (await request(t.app).post('/api/login/logout').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(401);
    // Only that session ends.
    expect((await profile(other)).status).toBe(200);
  });

  test('after the user is deactivated, at once', async () => {
    const token = await tokenFor(t.app, backoffice.email, backoffice.password);
    expect((await profile(token)).status).toBe(200);
    await t.ctx.db.query(`UPDATE users SET is_active = false WHERE email = $1`, [backoffice.email]);
    try {
      expect((await profile(token)).status).toBe(401);
    } finally {
      await t.ctx.db.query(`UPDATE users SET is_active = true WHERE email = $1`, [backoffice.email]);
    }
  });

  test("after an affiliate's status leaves the ones that may sign in, at once", async () => {
    const token = await tokenFor(t.app, affiliate.email, affiliate.password);
    await t.ctx.db.query(`UPDATE affiliates SET status = 'Inactive' WHERE email = $1`, [affiliate.email]);
    try {
      expect((await profile(token)).status).toBe(401);
    } finally {
      await t.ctx.db.query(`UPDATE affiliates SET status = 'KYC Complete' WHERE email = $1`, [
        affiliate.email,
      ]);
    }
  });
});

describe('403: rights are checked on the server', () => {
  test('a route declaring a right refuses a token without it and accepts one with it', async () => {
    const app = express();
    const api = new ApiRouter(t.ctx, await loadRightsTable(t.ctx.db));
    api.route(
      {
        method: 'get',
        path: '/admin-only',
        tag: 'Test',
        summary: 'test',
        auth: { anyRight: ['dashboard'] },
        answer: { description: 'test' },
      },
      () => ({ ok: true }),
    );
    app.use('/api', api.router, errorHandler);
    // Not registered with the real app, so the document it feeds is not changed.
    t.ctx.routeDocs.pop();

    const affiliateToken = await tokenFor(t.app, affiliate.email, affiliate.password);
    const refused = await request(app)
      .get('/api/admin-only')
      .set('Authorization', `Bearer ${affiliateToken}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You do not have access to this.' });

    const adminToken = await tokenFor(t.app, admin.email, admin.password);
    const allowed = await request(app).get('/api/admin-only').set('Authorization', `Bearer ${adminToken}`);
    expect(allowed.status).toBe(200);
  });

  test('an affiliate token on a real staff call gets 403', async () => {
    const token = await tokenFor(t.app, affiliate.email, affiliate.password);
    const adminCalls = t.ctx.routeDocs.filter(
      (route) =>
        typeof route.auth === 'object' &&
        !route.auth.anyRight.some((right) => right.startsWith('affiliate_') || right === 're-kyc'),
    );
    expect(adminCalls.length).toBeGreaterThan(0);
    for (const route of adminCalls) {
      const path = `/api${route.path.replace(/\{[^}]*\}/g, '').replace(/:(\w+)/g, '1')}`;
      const client = request(t.app);
      const call = route.method === 'post' ? client.post(path) : client.get(path);
      const res = await call.set('Authorization', `Bearer ${token}`);
      expect({ call: `${route.method} ${path}`, status: res.status }).toEqual({
        call: `${route.method} ${path}`,
        status: 403,
      });
    }
  });
});
