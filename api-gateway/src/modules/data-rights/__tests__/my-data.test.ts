import request from 'supertest';
import { DataRightsMessages, ReportMessages } from '@portal/contracts';
import { workbookClass } from '../../../lib/excel-workbook';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';
import { resealNumbers } from '../../../lib/sealed-numbers';
import { OTP_BODY_WITHHELD } from '../my-data';

const Workbook = workbookClass();

jest.setTimeout(60_000);

let t: TestApp;
let amaka: TestAffiliate;
let other: TestAffiliate;
let token: string;

async function download(excelPath: string, owner = token) {
  return request(t.app)
    .get(excelPath)
    .set('Authorization', owner)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

async function sheets(buffer: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const result: Record<string, unknown[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    result[sheet.name] = rows;
  }
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  amaka = await createAffiliate(t.ctx.db, {
    fullName: 'Amaka Eze',
    status: 'KYC Complete',
    passwordHash: 'x',
    ninOrBVN: '22948165301',
  });
  other = await createAffiliate(t.ctx.db, { fullName: 'Tunde Bello', status: 'KYC Complete' });
  await resealNumbers(t.ctx, 'clear');
  token = await bearer(t.ctx, amaka.userId);
  const { rows } = await t.ctx.db.query<{ mobile_number: string }>(
    'SELECT mobile_number FROM affiliates WHERE affiliate_id = $1',
    [amaka.affiliateId],
  );
  const mobile = rows[0].mobile_number;
  await t.ctx.db.query(
    `INSERT INTO outbox (channel, recipient, subject, body, purpose, otp_code) VALUES
       ('email', $1, 'Welcome', 'Hello Amaka, welcome aboard.', NULL, NULL),
       ('whatsapp', $2, NULL, 'Your Affiliate Portal verification code is 482913.', 'otp', '482913'),
       ('email', $3, 'Welcome', 'Hello Tunde.', NULL, NULL)`,
    [amaka.email.toUpperCase(), `+234${mobile}`, other.email],
  );
  await t.ctx.db.query(
    `INSERT INTO login_history (user_id, user_name, ip, user_agent, success) VALUES
       ($1, $2, '10.1.2.3', 'AmakaBrowser/1', true), ($3, $4, '10.9.9.9', 'TundeBrowser/1', true)`,
    [amaka.userId, amaka.email, other.userId, other.email],
  );
  await t.ctx.db.query(
    `INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, from_status, to_status, remark)
     VALUES ($1, 'affiliate.approve', 'affiliate', $2, 'KYC Pending', 'KYC Complete', 'All good')`,
    [await createStaffUser(t.ctx.db, 1, 'Staff Person Name'), String(amaka.affiliateId)],
  );
});
afterAll(() => t.close());

describe('My data (issue 29, NDPA access and portability)', () => {
  test('one workbook, a sheet each; its own numbers in clear; no OTP code; nobody else', async () => {
    const res = await request(t.app).get('/api/user/my-data').set('Authorization', token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.excelPath).toMatch(/^\/api\/report\/download\?token=[\w-]{43}$/);
    const file = await download(res.body.excelPath as string);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(`my-data-${amaka.affiliateCode}-`);
    const book = await sheets(file.body as Buffer);
    expect(Object.keys(book)).toEqual([
      'Profile',
      'KYC history',
      'Orders',
      'Commission',
      'Payouts',
      'Messages',
      'Sign-in history',
    ]);
    const profile = Object.fromEntries(book.Profile.slice(1).map(([field, value]) => [field, value]));
    expect(profile).toMatchObject({
      'Affiliate code': amaka.affiliateCode,
      'Full name': 'Amaka Eze',
      Email: amaka.email,
      BVN: '22948165301',
      Status: 'KYC Complete',
    });
    expect(String(profile['Account number'])).toMatch(/^\d{10}$/);
    expect(book['KYC history'][1]).toEqual([
      expect.any(String),
      'KYC approved',
      'KYC Pending',
      'KYC Complete',
      'All good',
      'Admin',
    ]);
    const everything = JSON.stringify(book);
    expect(everything).not.toContain('Staff Person Name');
    expect(everything).not.toContain('482913');
    expect(everything).toContain(OTP_BODY_WITHHELD);
    expect(everything).toContain('Hello Amaka, welcome aboard.');
    expect(everything).toContain('AmakaBrowser/1');
    for (const foreign of ['Tunde', 'TundeBrowser/1', '10.9.9.9', other.email])
      expect(everything).not.toContain(foreign);
    expect(book.Messages).toHaveLength(3);
    expect(book['Sign-in history']).toHaveLength(2);
    // Single-use, like every export link.
    expect((await download(res.body.excelPath as string)).status).toBe(410);
  });

  test('staff have no affiliate record: 404; counted with the exports: 429 once the allowance is used', async () => {
    const staff = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
    const none = await request(t.app).get('/api/user/my-data').set('Authorization', staff);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: DataRightsMessages.noAffiliateRecord });
    expect((await request(t.app).get('/api/user/my-data')).status).toBe(401);

    await t.ctx.db.query(
      `UPDATE call_buckets SET tokens = 0, updated_at = $2 WHERE scope = 'export' AND subject = $1`,
      [String(amaka.userId), t.ctx.now()],
    );
    const limited = await request(t.app).get('/api/user/my-data').set('Authorization', token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: ReportMessages.exportLimit });
  });
});
