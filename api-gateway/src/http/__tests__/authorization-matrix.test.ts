import { SignJWT } from 'jose';
import request from 'supertest';
import type { AnyEndpoint, Right } from '@portal/contracts';
import { ALL_ENDPOINTS } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../test-support/affiliate-fixtures';
import { loadRightsTable } from '../session';

// Every call under every identity: a few hundred requests, slow on a busy two-core machine.
jest.setTimeout(180_000);

/**
 * Who calls: each identity either is a live session with the rights of its role and status, or is not a
 * session at all (every non-public call must answer 401 to it).
 */
interface Identity {
  name: string;
  /** A fresh Authorization header per call, so a call that ends a session (logout) spoils no other call. */
  header: () => Promise<string | undefined>;
  /** The rights of a live session; undefined for a caller that is not signed in. */
  rights?: readonly Right[];
  /** Sends the integration API key in X-API-Key (and no session). */
  apiKey?: boolean;
  /** An Admin's session that must set up its second factor first (issue 29): only enrolment calls open. */
  secondFactorEnrolment?: boolean;
}

let t: TestApp;
let identities: Identity[];

/** The integration key of this test app (INTEGRATION_API_KEY): another system, not a user. */
const API_KEY = 'matrix-integration-key-0123456789abcdef';

function allowed(endpoint: AnyEndpoint, identity: Identity): 'public' | boolean {
  if (endpoint.auth === 'public') return 'public';
  // Only a key opens an API-key call, and a key opens nothing else: no session, no rights.
  if (endpoint.auth === 'apiKey') return identity.apiKey === true;
  const rights = identity.rights;
  if (!rights) return false;
  if (identity.secondFactorEnrolment && !endpoint.allowedDuringSecondFactorEnrolment) return false;
  if (endpoint.auth === 'session') return true;
  return endpoint.auth.anyRight.some((right) => rights.includes(right));
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: API_KEY });
  const db = t.ctx.db;
  const rightsTable = await loadRightsTable(db);
  const admin = await createStaffUser(db, 1);
  const backoffice = await createStaffUser(db, 2);
  const complete = await createAffiliate(db, { status: 'KYC Complete' });
  const rejected = await createAffiliate(db, { status: 'KYC Rejected' });
  const inactiveStaff = await createStaffUser(db, 2, 'Ina Inactive');
  const enrollingAdmin = await createStaffUser(db, 1, 'Enid Enrolling');

  const live = (name: string, userId: number, rights: readonly Right[]): Identity => ({
    name,
    header: () => bearer(t.ctx, userId),
    rights,
  });
  const fixed = (name: string, header: string | undefined): Identity => ({
    name,
    header: async () => header,
  });

  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(admin))
    .setIssuer('affiliate-portal')
    .setAudience('affiliate-portal')
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(t.ctx.config.jwtSecret);
  const valid = (await bearer(t.ctx, admin)).slice('Bearer '.length);
  const [header, payload, signature] = valid.split('.');
  const badSignature = `${header}.${payload}.${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  const algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  const loggedOut = await bearer(t.ctx, admin);
  expect((await request(t.app).post('/api/login/logout').set('Authorization', loggedOut)).status).toBe(200);
  const deactivated = await bearer(t.ctx, inactiveStaff);
  await db.query('UPDATE users SET is_active = false WHERE user_id = $1', [inactiveStaff]);

  identities = [
    fixed('anonymous', undefined),
    live('admin', admin, rightsTable.for(1, null)),
    live('back office', backoffice, rightsTable.for(2, null)),
    live('affiliate (KYC Complete)', complete.userId, rightsTable.for(3, 'KYC Complete')),
    live('affiliate (KYC Rejected)', rejected.userId, rightsTable.for(3, 'KYC Rejected')),
    fixed('expired token', `Bearer ${expired}`),
    fixed('bad signature', `Bearer ${badSignature}`),
    fixed('alg none', `Bearer ${algNone}`),
    fixed('after logout', loggedOut),
    fixed('user made inactive', deactivated),
    {
      name: 'admin who must set up a second factor',
      header: async () => {
        const header = await bearer(t.ctx, enrollingAdmin);
        await db.query('UPDATE sessions SET second_factor_enrolment = true WHERE user_id = $1', [
          enrollingAdmin,
        ]);
        return header;
      },
      rights: rightsTable.for(1, null),
      secondFactorEnrolment: true,
    },
    { name: 'integration API key', header: async () => undefined, apiKey: true },
    fixed('integration API key as a bearer token', `Bearer ${API_KEY}`),
  ];
});
afterAll(() => t.close());

const STACK_TRACE = /\n\s+at .+:\d+:\d+/;

test('every call answers every identity as its rights say: no leak, no 5xx, no HTML or stack trace', async () => {
  const leaks: string[] = [];
  let calls = 0;
  for (const endpoint of ALL_ENDPOINTS) {
    // An id nobody has: a staff call that gets through must not change the identities' own records.
    const path = `/api${endpoint.path.replace(/:(\w+)/g, '999999999')}`;
    for (const identity of identities) {
      const client = request(t.app);
      const call = endpoint.method === 'post' ? client.post(path).send({}) : client.get(path);
      const authorization = await identity.header();
      if (authorization) call.set('Authorization', authorization);
      if (identity.apiKey) call.set('X-API-Key', API_KEY);
      const res = await call;
      calls += 1;
      const expected = allowed(endpoint, identity);
      const where = `${endpoint.method.toUpperCase()} ${endpoint.path} as ${identity.name}: ${res.status}`;
      const text = res.text ?? '';
      if (res.status >= 500) leaks.push(`${where} (server error)`);
      else if (expected === false && res.status < 400)
        leaks.push(`${where} (allowed where the rights say no)`);
      else if (expected === false && !identity.rights && res.status !== 401)
        leaks.push(`${where} (expected 401)`);
      // A session at an API-key call is not signed in there: 401, like no key at all.
      else if (expected === false && endpoint.auth === 'apiKey' && res.status !== 401)
        leaks.push(`${where} (expected 401: a session is not a key)`);
      else if (expected === false && identity.rights && endpoint.auth !== 'apiKey' && res.status !== 403)
        leaks.push(`${where} (expected 403)`);
      // A live session is never 401; a handler may still refuse it (a dashboard for a role without one).
      else if (expected === true && res.status === 401)
        leaks.push(`${where} (a live session refused as signed out)`);
      else if (expected === true && typeof endpoint.auth === 'object' && res.status === 403)
        leaks.push(`${where} (refused where the rights say yes)`);
      if (res.status >= 400 && (typeof res.body?.message !== 'string' || !res.type.includes('json')))
        leaks.push(`${where} (error without a JSON message)`);
      if (/<html|<!doctype/i.test(text) && res.status >= 400) leaks.push(`${where} (HTML error page)`);
      if (STACK_TRACE.test(text)) leaks.push(`${where} (stack trace in the body)`);
    }
  }
  console.log(
    `authorization matrix: ${ALL_ENDPOINTS.length} calls x ${identities.length} identities = ${calls} requests, ${leaks.length} leaks`,
  );
  expect(leaks).toEqual([]);
});

test("an affiliate never sees another affiliate's selfie", async () => {
  const db = t.ctx.db;
  await db.query(
    `INSERT INTO stored_files (file_id, storage_key, purpose, content_type, size_bytes, original_name)
     VALUES ('6f1b7e2a-4c3d-4e5f-8a9b-0c1d2e3f4a5b', 'selfies/owner-a.png', 'selfie', 'image/png', 4, 'a.png')`,
  );
  const owner = await createAffiliate(db, { status: 'KYC Complete', selfieImagePath: 'selfies/owner-a.png' });
  const other = await createAffiliate(db, { status: 'KYC Complete' });
  const asOther = await request(t.app)
    .get('/api/media')
    .query({ fileUrl: 'selfies/owner-a.png' })
    .set('Authorization', await bearer(t.ctx, other.userId));
  expect(asOther.status).toBe(403);
  const asOwner = await request(t.app)
    .get('/api/media')
    .query({ fileUrl: 'selfies/owner-a.png' })
    .set('Authorization', await bearer(t.ctx, owner.userId));
  // The row exists but no bytes were written: the owner passes the check and finds no file.
  expect(asOwner.status).toBe(404);
});

test('issue 27: a session opens neither the WhatsApp webhook (the signature does) nor, below admin, the outbox', async () => {
  const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const webhook = await request(t.app)
    .post('/api/webhooks/whatsapp')
    .set('Authorization', admin)
    .send({ entry: [] });
  expect(webhook.status).toBe(401);
  expect((await request(t.app).get('/api/admin/outbox').set('Authorization', backoffice)).status).toBe(403);
  expect((await request(t.app).get('/api/admin/outbox')).status).toBe(401);
  expect((await request(t.app).get('/api/admin/outbox').set('Authorization', admin)).status).toBe(200);
});

test('account name resolution (issue 27): a session does not open the registration call, only its cookie does; re-KYC only with the re-kyc right', async () => {
  const body = { email: 'matrix@example.test', bankID: 8, accountNumber: '0123456789' };
  for (const identity of identities) {
    const call = request(t.app).post('/api/affiliate/resolve-account-name').send(body);
    const authorization = await identity.header();
    if (authorization) call.set('Authorization', authorization);
    const res = await call;
    expect([identity.name, res.status]).toEqual([identity.name, 400]);
  }
  const rejected = identities.find((identity) => identity.name === 'affiliate (KYC Rejected)');
  const complete = identities.find((identity) => identity.name === 'affiliate (KYC Complete)');
  const asRejected = await request(t.app)
    .post('/api/affiliate/rekyc-resolve-account-name')
    .set('Authorization', (await rejected?.header()) ?? '')
    .send({ bankID: 8, accountNumber: '0123456789' });
  expect(asRejected.status).toBe(200);
  const asComplete = await request(t.app)
    .post('/api/affiliate/rekyc-resolve-account-name')
    .set('Authorization', (await complete?.header()) ?? '')
    .send({ bankID: 8, accountNumber: '0123456789' });
  expect(asComplete.status).toBe(403);
});

// Issue 29: the clear numbers behind the masked ones.
test("an affiliate never gets another affiliate's numbers: staff's Show is 403 to it, its own Show answers its own", async () => {
  const db = t.ctx.db;
  const owner = await createAffiliate(db, { status: 'KYC Complete', ninOrBVN: '24681357920' });
  const other = await createAffiliate(db, { status: 'KYC Complete' });
  const asOther = await bearer(t.ctx, other.userId);
  const staffShow = await request(t.app)
    .get(`/api/backoffice/affiliate/${owner.affiliateId}/numbers`)
    .set('Authorization', asOther);
  expect(staffShow.status).toBe(403);
  expect(JSON.stringify(staffShow.body)).not.toContain('24681357920');
  const ownShow = await request(t.app).get('/api/user/profile/numbers').set('Authorization', asOther);
  expect(ownShow.status).toBe(200);
  expect(ownShow.body.ninOrBVN).not.toBe('24681357920');
});

// Issue 28: the affiliate's Payouts page and its remittance advice are the KYC Complete affiliate's own.
test("the Payouts page: only a KYC Complete affiliate; another affiliate's payout advice is 404 like one that does not exist", async () => {
  const expected: Record<string, number> = {
    anonymous: 401,
    admin: 403,
    'back office': 403,
    'affiliate (KYC Complete)': 200,
    'affiliate (KYC Rejected)': 403,
  };
  for (const identity of identities.filter((candidate) => candidate.name in expected)) {
    const call = request(t.app).get('/api/affiliate/payouts');
    const authorization = await identity.header();
    if (authorization) call.set('Authorization', authorization);
    const res = await call;
    expect([identity.name, res.status]).toEqual([identity.name, expected[identity.name]]);
  }
  const db = t.ctx.db;
  const owner = await createAffiliate(db, { status: 'KYC Complete' });
  const other = await createAffiliate(db, { status: 'KYC Complete' });
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payout_lines (affiliate_id, status, gross, net) VALUES ($1, 'pending', 10, 10)
     RETURNING payout_line_id::text AS id`,
    [owner.affiliateId],
  );
  const asOther = await request(t.app)
    .post(`/api/affiliate/payouts/${rows[0].id}/advice`)
    .set('Authorization', await bearer(t.ctx, other.userId));
  const missing = await request(t.app)
    .post('/api/affiliate/payouts/999999999/advice')
    .set('Authorization', await bearer(t.ctx, other.userId));
  expect([asOther.status, asOther.body]).toEqual([404, missing.body]);
  const asOwner = await request(t.app)
    .post(`/api/affiliate/payouts/${rows[0].id}/advice`)
    .set('Authorization', await bearer(t.ctx, owner.userId));
  expect(asOwner.status).toBe(200);
});

test('issue 28: payout runs are for admins only (right payouts); an affiliate with payouts of its own is refused them', async () => {
  const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const affiliate = await bearer(t.ctx, (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).userId);
  for (const path of ['/api/admin/payouts/runs', '/api/admin/payouts/settings']) {
    expect((await request(t.app).get(path)).status).toBe(401);
    expect((await request(t.app).get(path).set('Authorization', backoffice)).status).toBe(403);
    expect((await request(t.app).get(path).set('Authorization', affiliate)).status).toBe(403);
    expect((await request(t.app).get(path).set('Authorization', admin)).status).toBe(200);
  }
  const create = await request(t.app)
    .post('/api/admin/payouts/runs')
    .set('Authorization', affiliate)
    .send({ cutoff: '2026-01-01' });
  expect(create.status).toBe(403);
  const { rows } = await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payout_runs');
  expect(rows[0].n).toBe(0);
});
