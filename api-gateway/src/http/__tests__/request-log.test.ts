import { Writable } from 'node:stream';
import express from 'express';
import helmet from 'helmet';
import pino from 'pino';
import request from 'supertest';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../seed/demo-accounts';
import { tokenFor } from '../../../test-support/auth-fixtures';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { loggedUrl } from '../request-log';

interface LogLine {
  level: number;
  msg: string;
  req?: { id?: string; method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
}

const lines: string[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  }),
);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({}, { logger });
  await seedDemoAccounts(t.ctx.db);
  token = await tokenFor(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
});
afterAll(() => t.close());

/** The log lines written while `call` ran; the line of an answer lands on 'close', just after it. */
async function linesOf(call: () => Promise<unknown>): Promise<{ raw: string[]; parsed: LogLine[] }> {
  lines.length = 0;
  await call();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { raw: [...lines], parsed: lines.map((line) => JSON.parse(line) as LogLine) };
}

test('each /api call is logged once with its request id, never its headers or body', async () => {
  const password = 'Sup3r-secret-pass';
  let answer!: request.Response;
  const { raw, parsed } = await linesOf(async () => {
    answer = await request(t.app)
      .post('/api/users/passwordUpdate')
      .set('Authorization', `Bearer ${token}`)
      .set('Cookie', 'portal_registration=cookie-value-123')
      .set('X-Request-Id', 'trace-42_a')
      .send({
        currentPassword: password,
        newPassword: `${password}-new`,
        confirmPassword: `${password}-new`,
      });
  });
  expect(answer.headers['x-request-id']).toBe('trace-42_a');
  expect(parsed).toHaveLength(1);
  expect(parsed[0]).toMatchObject({
    level: 30,
    msg: 'request completed',
    req: { id: 'trace-42_a', method: 'POST', url: '/api/users/passwordUpdate' },
    res: { statusCode: answer.status },
  });
  expect(typeof parsed[0].responseTime).toBe('number');
  for (const secret of [token, 'cookie-value-123', password]) expect(raw[0]).not.toContain(secret);
  expect(raw[0]).not.toMatch(/authorization|cookie/i);
});

test('an unsafe or missing X-Request-Id is replaced by a UUID; pages outside /api are not logged', async () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  for (const incoming of ['has spaces', 'x'.repeat(65), undefined]) {
    let answer!: request.Response;
    const { parsed } = await linesOf(async () => {
      const call = request(t.app).get('/api/health');
      answer = await (incoming === undefined ? call : call.set('X-Request-Id', incoming));
    });
    expect(answer.headers['x-request-id']).toMatch(uuid);
    expect(parsed.map((line) => line.req?.id)).toEqual([answer.headers['x-request-id']]);
  }
  let page!: request.Response;
  const { parsed } = await linesOf(async () => {
    page = await request(t.app).get('/no-such-page').set('X-Request-Id', 'page-1');
  });
  expect(page.headers['x-request-id']).toBe('page-1');
  expect(parsed).toEqual([]);
});

test('a failure is logged with its error and request id, and answers the usual JSON', async () => {
  const fresh = await tokenFor(t.app, DEMO_ACCOUNTS.backoffice.email, DEMO_ACCOUNTS.backoffice.password);
  const spy = jest.spyOn(t.ctx.db, 'query').mockRejectedValueOnce(new Error('connection lost'));
  let answer!: request.Response;
  try {
    const { parsed } = await linesOf(async () => {
      answer = await request(t.app)
        .get('/api/user/profile')
        .set('Authorization', `Bearer ${fresh}`)
        .set('X-Request-Id', 'fail-1');
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(parsed).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        err: expect.objectContaining({ message: 'connection lost' }),
        req: expect.objectContaining({ id: 'fail-1', url: '/api/user/profile' }),
      }),
      expect.objectContaining({ level: 30, msg: 'request errored', res: { statusCode: 500 } }),
    ]);
  } finally {
    spy.mockRestore();
  }
});

test("every /api answer carries helmet's headers, as helmet() sets them", async () => {
  const reference = express();
  reference.use(helmet());
  reference.get('/', (_req, res) => {
    res.json({});
  });
  const expected = (await request(reference).get('/')).headers;
  const helmetHeaders = Object.keys(expected).filter(
    (name) =>
      !['content-type', 'content-length', 'etag', 'date', 'connection', 'x-powered-by'].includes(name),
  );
  expect(helmetHeaders).toEqual(
    expect.arrayContaining(['content-security-policy', 'strict-transport-security']),
  );
  const answers = [
    await request(t.app).get('/api/health'),
    await request(t.app).get('/api/user/profile').set('Authorization', `Bearer ${token}`),
    await request(t.app).get('/api/user/profile'),
    await request(t.app).get('/api/nope'),
  ];
  for (const answer of answers) {
    for (const name of helmetHeaders) expect([name, answer.headers[name]]).toEqual([name, expected[name]]);
  }
});

test('logged URLs keep paging, dates and enumerations; every other query value is redacted (issue 48)', () => {
  expect(loggedUrl('/api/backoffice/affiliate?page=2&pageSize=10&status=pending&search=0123456789')).toBe(
    '/api/backoffice/affiliate?page=2&pageSize=10&status=pending&search=[redacted]',
  );
  expect(loggedUrl('/api/report/download?token=abc_DEF-123')).toBe('/api/report/download?token=[redacted]');
  expect(loggedUrl('/api/media?fileUrl=selfies%2Fx.png')).toBe('/api/media?fileUrl=[redacted]');
  expect(loggedUrl('/api/admin/outbox?recipient=%2B2348031234567&channel=sms')).toBe(
    '/api/admin/outbox?recipient=[redacted]&channel=sms',
  );
  expect(
    loggedUrl('/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42'),
  ).toBe('/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=[redacted]');
  // A number sent as a bare name, a percent-encoded name, a malformed escape: none pass through.
  expect(loggedUrl('/api/x?22948165301&%73earch=1&%E0%A4%A=2')).toBe(
    '/api/x?[redacted]&%73earch=[redacted]&%E0%A4%A=[redacted]',
  );
  expect(loggedUrl('/api/report/loginhistory?fromDate=2025-01-01&toDate=2025-01-31')).toBe(
    '/api/report/loginhistory?fromDate=2025-01-01&toDate=2025-01-31',
  );
  expect(loggedUrl('/api/health')).toBe('/api/health');
});
