import request from 'supertest';
import { LoginReportPage } from '@portal/contracts';
import { workbookClass } from '../../../lib/excel-workbook';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';

const Workbook = workbookClass();

let t: TestApp;
let admin: string;
let backoffice: string;
let affiliateToken: string;
let amaka: TestAffiliate;
let tunde: TestAffiliate;
let staffUserId: number;

async function login(
  userId: number | null,
  userName: string,
  at: string,
  extra: { userAgent?: string; success?: boolean } = {},
) {
  await t.ctx.db.query(
    `INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, success, failure_reason)
     VALUES ($1, $2, $3, '10.0.0.1', $4, $5, $6)`,
    [
      userId,
      userName,
      new Date(at),
      extra.userAgent ?? 'Mozilla/5.0',
      extra.success ?? true,
      extra.success === false ? 'invalid_credentials' : null,
    ],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  staffUserId = await createStaffUser(t.ctx.db, 1);
  admin = await bearer(t.ctx, staffUserId);
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  amaka = await createAffiliate(t.ctx.db, {
    fullName: 'Amaka Eze',
    status: 'KYC Complete',
    passwordHash: 'x',
    firstDecisionAt: new Date(),
  });
  tunde = await createAffiliate(t.ctx.db, { fullName: '=Tunde Bakare', status: 'KYC Pending' });
  affiliateToken = await bearer(t.ctx, amaka.userId);
  // 2025-03-10 23:30Z is 00:30 on 11 March in Lagos (UTC+1); 22:59Z is still 10 March there.
  await login(amaka.userId, amaka.email, '2025-03-10T22:59:00Z');
  await login(amaka.userId, amaka.email, '2025-03-10T23:30:00Z', {
    userAgent: '=HYPERLINK("http://evil","x")',
  });
  await login(tunde.userId, tunde.email, '2025-03-11T12:00:00Z', { success: false, userAgent: '+cmd|calc' });
  await login(amaka.userId, amaka.email, '2025-03-12T09:00:00Z', { userAgent: '@SUM(A1)' });
  await login(amaka.userId, amaka.email, '2025-03-13T09:00:00Z', { userAgent: '-2+3' });
  // Staff sign-ins are not in the affiliate report.
  await login(staffUserId, 'staff@example.test', '2025-03-11T10:00:00Z');
  await login(null, 'nobody@example.test', '2025-03-11T10:00:00Z', { success: false });
});
afterAll(() => t.close());

async function download(excelPath: string, owner: string) {
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

async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('login report export', () => {
  test('excelPath → token check → file once; dates are whole Lagos days; cells that look like formulas are escaped', async () => {
    const res = await request(t.app)
      .get('/api/report/loginhistory?fromDate=2025-03-11&toDate=2025-03-12')
      .set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.excelPath).toMatch(/^\/api\/report\/download\?token=[\w-]{43}$/);
    const token = new URL(res.body.excelPath, 'http://x').searchParams.get('token');

    const check = await request(t.app)
      .get(`/api/report/check-download-token-valid?token=${token}`)
      .set('Authorization', admin);
    expect(check.body).toEqual({ valid: true, message: 'Link is valid.' });

    const file = await download(res.body.excelPath, admin);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="affiliate-login-report-2025-03-11-to-2025-03-12.xlsx"',
    );
    const rows = await sheetRows(file.body as Buffer);
    expect(rows[0]).toEqual([
      'Sr No',
      'Affiliate ID',
      'Name',
      'Email',
      'Login Time',
      'Result',
      'Failure Reason',
      'IP Address',
      'User Agent',
      'Latitude',
      'Longitude',
    ]);
    // Newest first, only affiliates, only 11 and 12 March in Lagos time.
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[4], row[5], row[8]])).toEqual([
      [1, amaka.affiliateCode, 'Amaka Eze', '2025-03-12 10:00:00', 'Success', "'@SUM(A1)"],
      [2, tunde.affiliateCode, "'=Tunde Bakare", '2025-03-11 13:00:00', 'Failed', "'+cmd|calc"],
      [
        3,
        amaka.affiliateCode,
        'Amaka Eze',
        '2025-03-11 00:30:00',
        'Success',
        `'=HYPERLINK("http://evil","x")`,
      ],
    ]);
    expect(rows[2][6]).toBe('Invalid credentials');

    const again = await download(res.body.excelPath, admin);
    expect(again.status).toBe(410);
    expect(JSON.parse((again.body as Buffer).toString())).toEqual({ message: 'Invalid or expired link.' });
    const used = await request(t.app).get(`/api/report/check-download-token-valid?token=${token}`);
    expect(used.body).toEqual({ valid: false, message: 'Invalid or expired link.' });
    // A downloaded export is deleted, just after the response has gone out.
    const exportsLeft = async () =>
      Number(
        (
          await t.ctx.db.query<{ n: string | number }>(
            `SELECT count(*) AS n FROM stored_files WHERE purpose = 'export'`,
          )
        ).rows[0].n,
      );
    // Polled up to 10 s: on a loaded two-core CI machine the delete can lag the response by over a second.
    const deadline = Date.now() + 10_000;
    while ((await exportsLeft()) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await exportsLeft()).toBe(0);
  });

  test('a link expires after 10 minutes', async () => {
    const res = await request(t.app).get('/api/report/loginhistory').set('Authorization', backoffice);
    expect(res.status).toBe(200);
    const token = new URL(res.body.excelPath, 'http://x').searchParams.get('token');
    t.advanceClock(9 * 60_000);
    expect(
      (
        await request(t.app)
          .get(`/api/report/check-download-token-valid?token=${token}`)
          .set('Authorization', backoffice)
      ).body.valid,
    ).toBe(true);
    t.advanceClock(61_000);
    const check = await request(t.app).get(`/api/report/check-download-token-valid?token=${token}`);
    expect(check.body).toEqual({ valid: false, message: 'Invalid or expired link.' });
    expect((await download(res.body.excelPath, backoffice)).status).toBe(410);
  });

  test('search narrows the export; escape-worthy search text is literal', async () => {
    const res = await request(t.app).get('/api/report/loginhistory?search=tunde').set('Authorization', admin);
    const rows = await sheetRows((await download(res.body.excelPath, admin)).body as Buffer);
    expect(rows.slice(1).map((row) => row[1])).toEqual([tunde.affiliateCode]);
  });

  test.each([
    ['', false],
    ['?token=', false],
    ['?token=not-a-token', false],
    [`?token=${'a'.repeat(500)}`, false],
  ])('check %s → invalid', async (query) => {
    const res = await request(t.app).get(`/api/report/check-download-token-valid${query}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: false, message: 'Invalid or expired link.' });
    expect((await request(t.app).get(`/api/report/download${query}`)).status).toBe(410);
  });

  test('a person following a dead link gets a page that says so and leads back; a program gets JSON', async () => {
    const page = await request(t.app)
      .get('/api/report/download?token=forged')
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(page.status).toBe(410);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<h1>Invalid or expired link.</h1>');
    expect(page.text).toContain('<a href="/">');
    const program = await request(t.app)
      .get('/api/report/download?token=forged')
      .set('Accept', 'application/json');
    expect(program.status).toBe(410);
    expect(program.body).toEqual({ message: 'Invalid or expired link.' });
  });

  test('filters are validated', async () => {
    const bad = await request(t.app)
      .get('/api/report/loginhistory?fromDate=2025-02-30')
      .set('Authorization', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Dates must be yyyy-MM-dd.');
    const order = await request(t.app)
      .get('/api/report/loginhistory?fromDate=2025-03-12&toDate=2025-03-11')
      .set('Authorization', admin);
    expect(order.status).toBe(400);
    expect(order.body.message).toBe('Start Date must be on or before End Date.');
  });

  test('affiliates and anonymous callers are refused', async () => {
    expect(
      (await request(t.app).get('/api/report/loginhistory').set('Authorization', affiliateToken)).status,
    ).toBe(403);
    expect((await request(t.app).get('/api/report/loginhistory')).status).toBe(401);
    expect(
      (await request(t.app).get('/api/report/loginhistory/rows').set('Authorization', affiliateToken)).status,
    ).toBe(403);
  });
});

describe('login report preview rows', () => {
  test('pages with totals, newest first, same filter as the export', async () => {
    const res = await request(t.app)
      .get('/api/report/loginhistory/rows?fromDate=2025-03-10&toDate=2025-03-13&pageSize=2&page=2')
      .set('Authorization', backoffice);
    expect(res.status).toBe(200);
    const page = LoginReportPage.parse(res.body);
    expect(page).toMatchObject({ totalCount: 5, pageNo: 2, pageSize: 2 });
    expect(page.results.map((row) => row.loggedAt)).toEqual([
      '2025-03-11T12:00:00.000Z',
      '2025-03-10T23:30:00.000Z',
    ]);
    expect(page.results[0]).toMatchObject({
      affiliateCode: tunde.affiliateCode,
      success: false,
      failureReason: 'invalid_credentials',
    });
    const search = LoginReportPage.parse(
      (
        await request(t.app)
          .get(`/api/report/loginhistory/rows?search=${amaka.affiliateCode}`)
          .set('Authorization', admin)
      ).body,
    );
    expect(search.totalCount).toBe(4);
    expect(search.pageSize).toBe(25);
  });

  test.each([
    ['the email, any case', () => amaka.email.toUpperCase(), 4],
    ['part of the name', () => 'maka e', 4],
    ['code and name across the space', () => `${tunde.affiliateCode} =tun`, 1],
    ["a staff member's email (not an affiliate's sign-in)", () => 'staff', 0],
    ['LIKE wildcards taken literally', () => '%', 0],
  ])('search by %s counts only the matching affiliates’ sign-ins', async (_what, search, total) => {
    const res = await request(t.app)
      .get(`/api/report/loginhistory/rows?search=${encodeURIComponent(search())}`)
      .set('Authorization', admin);
    expect(res.status).toBe(200);
    const page = LoginReportPage.parse(res.body);
    expect(page.totalCount).toBe(total);
    expect(page.results).toHaveLength(total);
  });

  test('a total without dates follows every insert, delete and change of owner of a sign-in', async () => {
    const totals = async () => {
      const shown = async (search: string) =>
        LoginReportPage.parse(
          (
            await request(t.app)
              .get(`/api/report/loginhistory/rows?search=${encodeURIComponent(search)}`)
              .set('Authorization', admin)
          ).body,
        ).totalCount;
      return { all: await shown(''), amaka: await shown(amaka.email), tunde: await shown(tunde.email) };
    };
    expect(await totals()).toEqual({ all: 5, amaka: 4, tunde: 1 });

    const added = await t.ctx.db.query<{ login_id: number }>(
      `INSERT INTO login_history (user_id, user_name, success)
       SELECT user_id, 'bulk', true FROM unnest($1::bigint[]) AS user_id RETURNING login_id`,
      [[tunde.userId, tunde.userId, amaka.userId, staffUserId, null]],
    );
    expect(await totals()).toEqual({ all: 8, amaka: 5, tunde: 3 });

    const moved = added.rows[0].login_id;
    await t.ctx.db.query('UPDATE login_history SET user_id = $2 WHERE login_id = $1', [moved, amaka.userId]);
    expect(await totals()).toEqual({ all: 8, amaka: 6, tunde: 2 });
    await t.ctx.db.query('UPDATE login_history SET user_id = NULL WHERE login_id = $1', [moved]);
    expect(await totals()).toEqual({ all: 7, amaka: 5, tunde: 2 });

    await t.ctx.db.query('DELETE FROM login_history WHERE login_id = ANY($1::bigint[])', [
      added.rows.map((row) => row.login_id),
    ]);
    expect(await totals()).toEqual({ all: 5, amaka: 4, tunde: 1 });
    // The same rule as a report with dates, which counts its rows.
    const { rows } = await t.ctx.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM login_history lh JOIN affiliates a ON a.user_id = lh.user_id',
    );
    expect(Number(rows[0].n)).toBe(5);
  });
});

describe('affiliate report (admin only)', () => {
  test('admin gets the list as Excel, filtered like the screen', async () => {
    const res = await request(t.app).get('/api/report/affiliate?status=pending').set('Authorization', admin);
    expect(res.status).toBe(200);
    const rows = await sheetRows((await download(res.body.excelPath, admin)).body as Buffer);
    expect(rows[0].slice(0, 7)).toEqual([
      'Sr No',
      'Affiliate ID',
      'Name',
      'Email',
      'Contact Number',
      'Status',
      'Registration Date',
    ]);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[5]])).toEqual([
      [tunde.affiliateCode, "'=Tunde Bakare", 'KYC Pending'],
    ]);
    // A text cell as typed: a phone number is not a formula and needs no apostrophe.
    expect(rows[1][4]).toMatch(/^\+234-\d{10}$/);

    const all = await request(t.app).get('/api/report/affiliate').set('Authorization', admin);
    const everyone = await sheetRows((await download(all.body.excelPath, admin)).body as Buffer);
    expect(everyone.slice(1).map((row) => row[1])).toEqual([tunde.affiliateCode, amaka.affiliateCode]);
  });

  test('back office is refused the affiliate Excel, and no file is written', async () => {
    // Only exports written from now on: an earlier test's downloaded export may still be being deleted.
    const since = t.ctx.now();
    const exportsNow = async () =>
      Number(
        (
          await t.ctx.db.query<{ n: string | number }>(
            `SELECT count(*) AS n FROM stored_files WHERE purpose = 'export' AND created_at >= $1`,
            [since],
          )
        ).rows[0].n,
      );
    const before = await exportsNow();
    const res = await request(t.app).get('/api/report/affiliate').set('Authorization', backoffice);
    expect(res.status).toBe(403);
    expect(await exportsNow()).toBe(before);
  });
});
