import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';

jest.setTimeout(60_000);

let t: TestApp;
let amaka: TestAffiliate;
let amakaToken: string;
let tundeToken: string;
let admin: string;

const CHECK = '/api/report/check-download-token-valid';
const tokenOf = (excelPath: string) => new URL(excelPath, 'http://x').searchParams.get('token') as string;

beforeAll(async () => {
  t = await createTestApp();
  amaka = await createAffiliate(t.ctx.db, {
    fullName: 'Amaka Eze',
    status: 'KYC Complete',
    passwordHash: 'x',
    ninOrBVN: '22948165301',
  });
  const tunde = await createAffiliate(t.ctx.db, { fullName: 'Tunde Bello', status: 'KYC Complete' });
  amakaToken = await bearer(t.ctx, amaka.userId);
  tundeToken = await bearer(t.ctx, tunde.userId);
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
});
afterAll(() => t.close());

async function myDataLink(token: string): Promise<string> {
  const res = await request(t.app).get('/api/user/my-data').set('Authorization', token);
  expect(res.status).toBe(200);
  return res.body.excelPath as string;
}

describe('a download link is bound to the user who asked for it (issue 48)', () => {
  test("another affiliate's session cannot check or download My data; the owner still can, once", async () => {
    const link = await myDataLink(amakaToken);
    const token = tokenOf(link);
    for (const someoneElse of [tundeToken, admin]) {
      const check = await request(t.app).get(CHECK).query({ token }).set('Authorization', someoneElse);
      expect([check.status, check.body]).toEqual([404, { message: 'Invalid or expired link.' }]);
      expect(check.headers['set-cookie']).toBeUndefined();
      const file = await request(t.app).get(link).set('Authorization', someoneElse);
      expect([file.status, file.body]).toEqual([404, { message: 'Invalid or expired link.' }]);
    }
    // Signed out (no bearer, no cookie): refused too, and the page a browser gets says so.
    expect((await request(t.app).get(CHECK).query({ token })).status).toBe(404);
    const page = await request(t.app).get(link).set('Accept', 'text/html');
    expect(page.status).toBe(404);
    expect(page.text).toContain('<h1>Invalid or expired link.</h1>');

    const check = await request(t.app).get(CHECK).query({ token }).set('Authorization', amakaToken);
    expect([check.status, check.body]).toEqual([200, { valid: true, message: 'Link is valid.' }]);
    const file = await request(t.app).get(link).set('Authorization', amakaToken);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(`my-data-${amaka.affiliateCode}-`);
    expect((await request(t.app).get(link).set('Authorization', amakaToken)).status).toBe(410);
  });

  test("the owner's browser: the check leaves a path-scoped HttpOnly cookie that downloads without the bearer", async () => {
    const link = await myDataLink(amakaToken);
    const check = await request(t.app)
      .get(CHECK)
      .query({ token: tokenOf(link) })
      .set('Authorization', amakaToken);
    const cookie = (check.headers['set-cookie'] as unknown as string[])[0];
    expect(cookie).toMatch(/^portal_download=[\w-]+\.[0-9a-f]{64}; /);
    expect(cookie).toContain('Path=/api/report/download');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const pair = cookie.split(';')[0];

    // A forged cookie (someone else's session id with a made-up proof) counts for nothing.
    const [sessionId] = pair.slice('portal_download='.length).split('.');
    const forged = await request(t.app)
      .get(link)
      .set('Cookie', `portal_download=${sessionId}.${'0'.repeat(64)}`);
    expect(forged.status).toBe(404);

    // Tunde's cookie, even with Amaka's link in hand, is not Amaka.
    const tundeLink = await myDataLink(tundeToken);
    const tundeCheck = await request(t.app)
      .get(CHECK)
      .query({ token: tokenOf(tundeLink) })
      .set('Authorization', tundeToken);
    const tundeCookie = (tundeCheck.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    expect((await request(t.app).get(link).set('Cookie', tundeCookie)).status).toBe(404);

    const file = await request(t.app).get(link).set('Cookie', pair);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  test('a cookie of a signed-out session no longer downloads', async () => {
    const session = await bearer(t.ctx, amaka.userId);
    const link = await myDataLink(session);
    const check = await request(t.app)
      .get(CHECK)
      .query({ token: tokenOf(link) })
      .set('Authorization', session);
    const pair = (check.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    expect((await request(t.app).post('/api/login/logout').set('Authorization', session)).status).toBe(200);
    expect((await request(t.app).get(link).set('Cookie', pair)).status).toBe(404);
    // Still the owner's: another live session of Amaka's downloads it.
    expect((await request(t.app).get(link).set('Authorization', amakaToken)).status).toBe(200);
  });
});
