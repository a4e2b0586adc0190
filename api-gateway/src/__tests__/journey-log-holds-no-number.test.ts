import request from 'supertest';
import { capturedLog } from '../../test-support/captured-log';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createStaffUser } from '../../test-support/affiliate-fixtures';
import { readyRegistration } from '../../test-support/registration-flow';

// Two whole registrations, searches, three exports: slow on a busy two-core machine.
jest.setTimeout(180_000);

/**
 * Issue 48: a whole journey (two registrations with BVN, NIN and account numbers, staff searching by each
 * number, report exports, My data) with the log captured at debug level; the log holds none of the numbers
 * it used and none of the download tokens it was given.
 */
const AMAKA = { bvn: '22948165301', account: '3057192846', mobile: '8039271546' };
const TUNDE = { nin: '70418265937', account: '4061827395', mobile: '8094716253' };

const { logger, lines } = capturedLog<{ msg: string }>('debug');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger });
});
afterAll(() => t.close());

const tokenOf = (excelPath: string) => new URL(excelPath, 'http://x').searchParams.get('token') as string;

test('a journey through registration, staff searches, exports and My data logs no number and no download token', async () => {
  const downloadTokens: string[] = [];
  /** Export, check, download: as the portal's screens do, with the asker's session. */
  async function exportAndDownload(url: string, auth: string) {
    const made = await request(t.app).get(url).set('Authorization', auth);
    expect([url, made.status]).toEqual([url, 200]);
    const token = tokenOf(made.body.excelPath as string);
    downloadTokens.push(token);
    const check = await request(t.app)
      .get('/api/report/check-download-token-valid')
      .query({ token })
      .set('Authorization', auth);
    expect(check.body.valid).toBe(true);
    expect(
      (
        await request(t.app)
          .get(made.body.excelPath as string)
          .set('Authorization', auth)
      ).status,
    ).toBe(200);
    // A used link followed again, and a guessed one, are logged too: still without their tokens.
    expect((await request(t.app).get(made.body.excelPath as string)).status).toBe(410);
  }

  const amaka = await readyRegistration(t, 'amaka.journey@example.com', AMAKA.mobile, {
    fullName: 'Amaka Journey',
    identityType: 'BVN',
    ninOrBVN: AMAKA.bvn,
    accountNumber: AMAKA.account,
  });
  expect((await amaka.browser.post('/api/affiliate/submit-registration').send(amaka.payload)).status).toBe(
    201,
  );
  t.advanceClock(2 * 60 * 60_000);
  const tunde = await readyRegistration(t, 'tunde.journey@example.com', TUNDE.mobile, {
    fullName: 'Tunde Journey',
    identityType: 'NIN',
    ninOrBVN: TUNDE.nin,
    accountNumber: TUNDE.account,
  });
  expect((await tunde.browser.post('/api/affiliate/submit-registration').send(tunde.payload)).status).toBe(
    201,
  );

  const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  // Staff search by each exact number, on the list, the login report and the export.
  for (const number of [AMAKA.bvn, AMAKA.account, TUNDE.nin, TUNDE.account, AMAKA.mobile]) {
    const list = await request(t.app)
      .get('/api/backoffice/affiliate')
      .query({ search: number })
      .set('Authorization', backoffice);
    expect(list.status).toBe(200);
    const rows = await request(t.app)
      .get('/api/report/loginhistory/rows')
      .query({ search: number, page: 1 })
      .set('Authorization', admin);
    expect(rows.status).toBe(200);
  }
  const found = await request(t.app)
    .get('/api/backoffice/affiliate')
    .query({ search: AMAKA.bvn })
    .set('Authorization', backoffice);
  const affiliateId = (found.body.results as Array<{ affiliateID: number }>)[0].affiliateID;
  const shown = await request(t.app)
    .get(`/api/backoffice/affiliate/${affiliateId}/numbers?field=ninOrBVN`)
    .set('Authorization', backoffice);
  expect(shown.status).toBe(200);
  expect(
    (
      await request(t.app)
        .post('/api/backoffice/affiliate/kyc')
        .set('Authorization', backoffice)
        .send({ affiliateID: affiliateId, isActive: true })
    ).status,
  ).toBe(200);

  await exportAndDownload(`/api/report/affiliate?search=${TUNDE.account}&fullNumbers=true`, admin);
  await exportAndDownload(`/api/report/loginhistory?search=${AMAKA.bvn}`, backoffice);
  // Amaka signs in with the temporary password from her approval email, sets her own, and asks for My data.
  const mail = await request(t.app).get('/api/dev/outbox').query({ to: amaka.email });
  const bodies = (mail.body.messages as Array<{ body: string }>).map((message) => message.body);
  const temporary = bodies.map((body) => body.match(/temporary password:\n\n {4}(\S+)/)?.[1]).find(Boolean);
  const first = await request(t.app)
    .post('/api/login/auth')
    .send({ userName: amaka.email, password: temporary });
  expect(first.status).toBe(200);
  const newPassword = 'Journey#Pass2468';
  const updated = await request(t.app)
    .post('/api/users/passwordUpdate')
    .set('Authorization', `Bearer ${first.body.token}`)
    .send({ currentPassword: temporary, newPassword, confirmPassword: newPassword });
  expect(updated.status).toBe(200);
  const signedIn = await request(t.app)
    .post('/api/login/auth')
    .send({ userName: amaka.email, password: newPassword });
  expect(signedIn.status).toBe(200);
  await exportAndDownload('/api/user/my-data', `Bearer ${signedIn.body.token}`);
  expect(
    (await request(t.app).get('/api/report/download').query({ token: 'guessed-token-123' })).status,
  ).toBe(410);

  await new Promise((resolve) => setTimeout(resolve, 50));
  const log = JSON.stringify(lines);
  expect(lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThan(30);
  const secrets = [
    ...Object.values(AMAKA),
    ...Object.values(TUNDE),
    ...downloadTokens,
    ...downloadTokens.map(encodeURIComponent),
    'guessed-token-123',
  ];
  expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  expect(log).toContain('search=[redacted]');
});
