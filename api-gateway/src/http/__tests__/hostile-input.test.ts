import request from 'supertest';
import { z } from 'zod';
import { ADMIN_RIGHTS } from '@portal/contracts';
import type { AffiliateStatus } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../test-support/affiliate-fixtures';
import { readyRegistration } from '../../../test-support/registration-flow';
import type { RouteDoc } from '../api-router';

// Every route is called many times over: slow on a busy two-core machine.
jest.setTimeout(120_000);

const CONTROL_MESSAGE = 'Please remove the hidden control characters from the text.';
const DATE_RANGE_MESSAGE = 'Dates must be between 2000-01-01 and 2100-12-31.';
/** How zod words its own messages; none of them may reach a caller. */
const ZOD_WORDING =
  /Invalid input|expected |received|Too (big|small)|Invalid (string|option|enum|element|key)|Unrecognized/;

let t: TestApp;
let adminUserId: number;
let admin: string;
let pending: TestAffiliate;
/** API-key calls (integration) are walked with this key, as the admin's token does not open them. */
const API_KEY = 'hostile-input-integration-key-0123456789';

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: API_KEY });
  adminUserId = await createStaffUser(t.ctx.db, 1);
  admin = await bearer(t.ctx, adminUserId);
  pending = await createAffiliate(t.ctx.db, { fullName: 'Amaka Eze', status: 'KYC Pending' });
});
afterAll(() => t.close());

const asAdmin = (call: request.Test) => call.set('Authorization', admin);

describe('a NUL byte at each call where it reached PostgreSQL is a 400 with a message', () => {
  test('user name at login/auth', async () => {
    const res = await request(t.app)
      .post('/api/login/auth')
      .send({ userName: 'admin\u0000@example.com', password: 'Admin@12345' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CONTROL_MESSAGE, errors: { userName: CONTROL_MESSAGE } });
  });

  test.each([
    '/api/backoffice/affiliate',
    '/api/report/loginhistory',
    '/api/report/loginhistory/rows',
    '/api/report/affiliate',
  ])('search of %s', async (path) => {
    const res = await asAdmin(request(t.app).get(path).query({ search: 'amaka\u0000' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CONTROL_MESSAGE, errors: { search: CONTROL_MESSAGE } });
  });

  test('media?fileUrl', async () => {
    const res = await asAdmin(request(t.app).get('/api/media').query({ fileUrl: 'selfies/\u0000.png' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CONTROL_MESSAGE);
  });

  test('a KYC remark; a remark over several lines is still fine', async () => {
    const refused = await asAdmin(
      request(t.app)
        .post('/api/backoffice/affiliate/kyc')
        .send({ affiliateID: pending.affiliateId, isActive: false, remark: 'Blurred\u0000 selfie' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: CONTROL_MESSAGE, errors: { remark: CONTROL_MESSAGE } });
    const other = await createAffiliate(t.ctx.db, { status: 'KYC Pending' });
    const rejected = await asAdmin(
      request(t.app).post('/api/backoffice/affiliate/kyc').send({
        affiliateID: other.affiliateId,
        isActive: false,
        remark: 'Selfie blurred.\r\n\tPlease retake it.',
      }),
    );
    expect(rejected.status).toBe(200);
  });

  test("registration's full name, and a selfie's file name", async () => {
    const ready = await readyRegistration(t, 'nul.name@example.test', '8031110001', {
      fullName: 'Ada\u0000 Obi',
    });
    const res = await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CONTROL_MESSAGE);
    const form = (disposition: string) =>
      ready.browser
        .post('/api/affiliate/upload-selfie')
        .set('Content-Type', 'multipart/form-data; boundary=XyZ')
        .send(
          `--XyZ\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
            'Content-Type: image/png\r\n\r\nnot an image\r\n--XyZ--\r\n',
        );
    const encodedName = await form("filename*=utf-8''selfie%00.png");
    expect(encodedName.status).toBe(400);
    expect(encodedName.body.message).toBe(CONTROL_MESSAGE);
    const rawName = await form('filename="selfie\u0000.png"');
    expect(rawName.status).toBe(400);
    expect(rawName.body.message).toBe('The upload could not be read. Please capture the selfie again.');
  });

  test('a path parameter, a lone surrogate and DEL', async () => {
    const nulId = await asAdmin(request(t.app).get('/api/backoffice/affiliate-details/%00'));
    expect(nulId.status).toBe(400);
    expect(nulId.body.message).toBe(CONTROL_MESSAGE);
    const surrogate = await request(t.app)
      .post('/api/login/auth')
      .set('Content-Type', 'application/json')
      .send('{"userName":"a\\ud800@example.com","password":"x"}');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.message).toBe(CONTROL_MESSAGE);
    const del = await asAdmin(request(t.app).get('/api/backoffice/affiliate').query({ search: 'a\u007f' }));
    expect(del.status).toBe(400);
  });
});

// ---- every route ----------------------------------------------------------------------------------

function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

function pathWith(route: RouteDoc, value: string): string {
  return `/api${route.path.replace(/:(\w+)/g, () => encodeURIComponent(value))}`;
}

const pathParams = (route: RouteDoc) => route.path.match(/:(\w+)/g) ?? [];

let walkToken: string | undefined;
const affiliateTokens = new Map<AffiliateStatus, string>();

/** A call only affiliates may make (their own area) is made as an affiliate in the status holding its right. */
async function affiliateTokenFor(route: RouteDoc): Promise<string | undefined> {
  const { auth } = route;
  if (typeof auth !== 'object' || auth.anyRight.some((right) => ADMIN_RIGHTS.includes(right)))
    return undefined;
  const status: AffiliateStatus = auth.anyRight.includes('re-kyc') ? 'KYC Rejected' : 'KYC Complete';
  if (!affiliateTokens.has(status)) {
    const affiliate = await createAffiliate(t.ctx.db, { status, passwordHash: 'x' });
    affiliateTokens.set(status, await bearer(t.ctx, affiliate.userId));
  }
  return affiliateTokens.get(status);
}

/** Each call as an admin (or as an affiliate, see above; API-key calls with the key); logout ends that session, so the next call gets a new one. */
async function call(
  route: RouteDoc,
  input: { path?: string; query?: Record<string, unknown>; body?: Record<string, unknown> },
) {
  walkToken ??= await bearer(t.ctx, adminUserId);
  const token = (await affiliateTokenFor(route)) ?? walkToken;
  if (route.path === '/login/logout') walkToken = undefined;
  const path = input.path ?? pathWith(route, '1');
  const base = route.method === 'get' ? request(t.app).get(path) : request(t.app).post(path);
  const withQuery = input.query ? base.query(input.query) : base;
  const authorized =
    route.auth === 'apiKey' ? withQuery.set('X-API-Key', API_KEY) : withQuery.set('Authorization', token);
  const res = await authorized.send(input.body ?? {});
  return res;
}

function messagesOf(body: unknown): string[] {
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: Record<string, unknown> };
  return [message, ...Object.values(errors ?? {})].filter((text): text is string => typeof text === 'string');
}

test('every route answers a NUL in any query parameter, body field or path parameter with 400, never 5xx', async () => {
  expect(t.ctx.routeDocs.length).toBeGreaterThan(25);
  const seen: string[] = [];
  for (const route of t.ctx.routeDocs) {
    const attempts: Array<[where: string, input: Parameters<typeof call>[1]]> = [
      ...fieldsOf(route.query).map((field): [string, Parameters<typeof call>[1]] => [
        `query ${field}`,
        { query: { [field]: 'x\u0000' } },
      ]),
      ...fieldsOf(route.body).map((field): [string, Parameters<typeof call>[1]] => [
        `body ${field}`,
        { body: { [field]: 'x\u0000' } },
      ]),
      ...(pathParams(route).length
        ? [['path', { path: pathWith(route, 'x\u0000') }] as [string, { path: string }]]
        : []),
    ];
    // A webhook POST checks its provider's signature over the raw bytes before it reads them (issue 27): an
    // unsigned body, NUL or not, is 401 and nothing is parsed.
    const expected = route.path.startsWith('/webhooks/') && route.method === 'post' ? 401 : 400;
    for (const [where, input] of attempts) {
      const res = await call(route, input);
      seen.push(`${route.method} ${route.path} ${where}`);
      expect({ call: `${route.method} ${route.path} ${where}`, status: res.status }).toEqual({
        call: `${route.method} ${route.path} ${where}`,
        status: expected,
      });
      if (expected === 400) expect(res.body.message).toBe(CONTROL_MESSAGE);
      else expect(typeof res.body.message).toBe('string');
    }
  }
  expect(seen.length).toBeGreaterThan(40);
});

test('every route answers wrong types and sizes in its own words: no 5xx, no zod wording', async () => {
  const wrongValues: unknown[] = [12345, true, { nested: 'x' }, ['a', 'b'], 'x'.repeat(5000), '', null];
  for (const route of t.ctx.routeDocs) {
    const attempts: Array<Parameters<typeof call>[1]> = [
      { body: [] as unknown as Record<string, unknown> },
      ...fieldsOf(route.query).flatMap((field) => [
        { query: { [field]: 'x'.repeat(5000) } },
        { query: { [field]: ['a', 'b'] } },
        { query: { [field]: '' } },
      ]),
      ...fieldsOf(route.body).flatMap((field) => wrongValues.map((value) => ({ body: { [field]: value } }))),
    ];
    for (const input of attempts) {
      const res = await call(route, input);
      const label = `${route.method} ${route.path} ${JSON.stringify(input).slice(0, 80)}`;
      expect({ label, serverError: res.status >= 500 }).toEqual({ label, serverError: false });
      for (const message of messagesOf(res.body)) {
        expect({ label, message, zodWording: ZOD_WORDING.test(message) }).toEqual({
          label,
          message,
          zodWording: false,
        });
      }
    }
  }
});

// ---- dates ----------------------------------------------------------------------------------------

test.each(['/api/report/loginhistory/rows', '/api/report/loginhistory'])(
  '%s refuses dates before the year 100 (and any outside 2000-2100) with 400',
  async (path) => {
    for (const query of [{ fromDate: '0099-12-31' }, { toDate: '0099-12-31' }, { fromDate: '2101-01-01' }]) {
      const res = await asAdmin(request(t.app).get(path).query(query));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(DATE_RANGE_MESSAGE);
    }
    const fine = await asAdmin(
      request(t.app).get(path).query({ fromDate: '2000-01-01', toDate: '2100-12-31' }),
    );
    expect(fine.status).toBe(200);
  },
);

test('every date parameter of every route is bounded', async () => {
  const dateParams = t.ctx.routeDocs.flatMap((route) =>
    fieldsOf(route.query)
      .filter((field) => /date$/i.test(field))
      .map((field) => [route, field] as const),
  );
  expect(dateParams.length).toBeGreaterThanOrEqual(4);
  for (const [route, field] of dateParams) {
    for (const value of ['0099-12-31', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      const res = await call(route, { query: { [field]: value } });
      expect({ route: route.path, field, value, status: res.status, message: res.body.message }).toEqual({
        route: route.path,
        field,
        value,
        status: 400,
        message: DATE_RANGE_MESSAGE,
      });
    }
  }
});

// ---- the bearer scheme ----------------------------------------------------------------------------

test('the Authorization scheme is case-insensitive (RFC 9110)', async () => {
  const token = admin.slice('Bearer '.length);
  for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
    const res = await request(t.app).get('/api/user/profile').set('Authorization', `${scheme} ${token}`);
    expect({ scheme, status: res.status }).toEqual({ scheme, status: 200 });
  }
  const other = await request(t.app).get('/api/user/profile').set('Authorization', `Basic ${token}`);
  expect(other.status).toBe(401);
});
