import request from 'supertest';
import {
  AffiliateDetails,
  BankAccountVerificationMessages as M,
  BankAccountVerificationResponse,
  BankAccountVerificationState,
} from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { resealNumbers, writeSealed } from '../../../lib/sealed-numbers';

// The bank-file programme's account verification (issue 48 item 1): a staff name enquiry, a second person
// below the threshold, every step audited in the affiliate's history, and a changed account unverified again.

let t: TestApp;
let backoffice: string;
let admin: string;
let otherBackoffice: string;

beforeAll(async () => {
  t = await createTestApp();
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Bola Backoffice'));
  otherBackoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Chidi Checker'));
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Admin'));
});
afterAll(() => t?.close());

const path = (id: number | string) => `/api/backoffice/affiliate/${id}/bank-verification`;
const enquire = (id: number | string, auth: string, body: unknown) =>
  request(t.app)
    .post(path(id))
    .set('Authorization', auth)
    .send(body as object);
const confirm = (id: number, verificationId: number | string, auth: string, body: unknown) =>
  request(t.app)
    .post(`${path(id)}/${verificationId}/confirm`)
    .set('Authorization', auth)
    .send(body as object);
const stateOf = async (id: number, auth = backoffice) =>
  BankAccountVerificationState.parse((await request(t.app).get(path(id)).set('Authorization', auth)).body);
const payable = async (id: number) =>
  (
    await t.ctx.db.query<{ verified: boolean }>(
      'SELECT bank_resolved_at IS NOT NULL AS verified FROM affiliates WHERE affiliate_id = $1',
      [id],
    )
  ).rows[0].verified;
const history = async (id: number) =>
  AffiliateDetails.parse(
    (await request(t.app).get(`/api/backoffice/affiliate-details/${id}`).set('Authorization', admin)).body,
  ).history;

test('a name that matches is verified at once by one staff user, audited in the history', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Adaeze Okafor' });
  const before = await stateOf(a.affiliateId);
  expect(before).toMatchObject({ registeredName: 'Adaeze Okafor', verified: null, waiting: null });
  expect(before.account).toMatch(/\*{4}\d{4}$/);

  const res = await enquire(a.affiliateId, backoffice, { accountName: '  ADAEZE  N. OKAFOR ' });
  expect(res.status).toBe(200);
  const answer = BankAccountVerificationResponse.parse(res.body);
  expect(answer.message).toBe(M.verified);
  expect(answer.state.verified).toMatchObject({
    method: 'name-enquiry',
    accountName: 'ADAEZE N. OKAFOR',
    nameMatchScore: 88,
    belowThreshold: false,
    verifiedBy: 'Bola Backoffice',
    confirmedBy: null,
  });
  expect(await payable(a.affiliateId)).toBe(true);
  expect((await history(a.affiliateId))[0]).toMatchObject({
    action: 'affiliate.bank.verify',
    title: 'Bank account verified',
    actorName: 'Bola Backoffice',
    actorRole: 'Backoffice',
    remark: 'Name enquiry: ADAEZE N. OKAFOR (name match 88)',
  });
  const again = await enquire(a.affiliateId, admin, { accountName: 'ADAEZE OKAFOR' });
  expect([again.status, again.body.message]).toEqual([409, M.alreadyVerified]);
});

test('below the threshold a second, different staff user must confirm; the first cannot', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Adaeze Okafor' });
  const res = await enquire(a.affiliateId, backoffice, { accountName: 'NGOZI OKAFOR' });
  expect(res.status).toBe(200);
  const { message, state } = BankAccountVerificationResponse.parse(res.body);
  expect(message).toBe(M.waitingForSecond(50));
  expect(state.verified).toBeNull();
  expect(state.waiting).toMatchObject({ accountName: 'NGOZI OKAFOR', nameMatchScore: 50, enteredByMe: true });
  expect(await payable(a.affiliateId)).toBe(false);
  const waitingId = state.waiting!.verificationID;
  expect((await stateOf(a.affiliateId, admin)).waiting?.enteredByMe).toBe(false);

  // One waits at a time.
  const second = await enquire(a.affiliateId, admin, { accountName: 'ADAEZE OKAFOR' });
  expect([second.status, second.body.message]).toEqual([409, M.alreadyWaiting]);
  // Not by the one who typed it: by the gateway, and by the database.
  const own = await confirm(a.affiliateId, waitingId, backoffice, { confirm: true });
  expect([own.status, own.body.message]).toEqual([403, M.ownEnquiry]);
  await expect(
    t.ctx.db.query(
      `UPDATE bank_account_verifications SET status = 'verified', confirmed_by = entered_by, confirmed_at = now()
        WHERE verification_id = $1`,
      [waitingId],
    ),
  ).rejects.toThrow(/check/i);
  expect(await payable(a.affiliateId)).toBe(false);

  // Two second persons at once: one answer counts.
  const answers = await Promise.all([
    confirm(a.affiliateId, waitingId, admin, { confirm: true }),
    confirm(a.affiliateId, waitingId, otherBackoffice, { confirm: false }),
  ]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const won = answers.find((answer) => answer.status === 200)!;
  const confirmed = won === answers[0];
  expect(await payable(a.affiliateId)).toBe(confirmed);
  const after = await stateOf(a.affiliateId);
  expect(after.waiting).toBeNull();
  if (confirmed) {
    expect(after.verified).toMatchObject({
      method: 'name-enquiry',
      nameMatchScore: 50,
      belowThreshold: true,
      verifiedBy: 'Bola Backoffice',
      confirmedBy: 'Ada Admin',
    });
  }
  const actions = (await history(a.affiliateId)).map((row) => [row.action, row.actorName]);
  expect(actions.slice(0, 2)).toEqual([
    [
      confirmed ? 'affiliate.bank.verify' : 'affiliate.bank.decline',
      confirmed ? 'Ada Admin' : 'Chidi Checker',
    ],
    ['affiliate.bank.enquiry', 'Bola Backoffice'],
  ]);
  const late = await confirm(a.affiliateId, waitingId, otherBackoffice, { confirm: true });
  expect([late.status, late.body.message]).toEqual([409, M.notWaiting]);
});

test('a declined enquiry leaves the account not verified, and another can be made', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Musa Bello' });
  const { state } = BankAccountVerificationResponse.parse(
    (await enquire(a.affiliateId, admin, { accountName: 'JOHN SMITH' })).body,
  );
  expect(state.waiting?.nameMatchScore).toBe(0);
  const declined = await confirm(a.affiliateId, state.waiting!.verificationID, backoffice, {
    confirm: false,
  });
  expect([declined.status, declined.body.message]).toEqual([200, M.declined]);
  expect(await payable(a.affiliateId)).toBe(false);
  const retry = await enquire(a.affiliateId, backoffice, { accountName: 'MUSA BELLO' });
  expect(BankAccountVerificationResponse.parse(retry.body).message).toBe(M.verified);
});

test('changing the account makes it unverified again and drops a waiting enquiry; re-sealing does not', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Tunde Bakare' });
  await enquire(a.affiliateId, backoffice, { accountName: 'TUNDE BAKARE' });
  expect(await payable(a.affiliateId)).toBe(true);
  // The same number sealed (at start, or under a new key: lib/sealed-numbers) keeps it.
  const { rows } = await t.ctx.db.query<{ nin_or_bvn: string; account_number: string }>(
    'SELECT nin_or_bvn, account_number FROM affiliates WHERE affiliate_id = $1',
    [a.affiliateId],
  );
  expect((await resealNumbers(t.ctx, 'clear')).rows).toBeGreaterThan(0);
  expect(await payable(a.affiliateId)).toBe(true);
  // Another number (as re-KYC writes it): not verified any more, whoever writes it.
  await writeSealed(t.ctx.db, t.ctx.config.dataKeyring, a.affiliateId, {
    ninOrBVN: rows[0].nin_or_bvn,
    accountNumber: '0123456789',
  });
  expect(await payable(a.affiliateId)).toBe(false);
  expect((await stateOf(a.affiliateId)).verified).toBeNull();

  const low = BankAccountVerificationResponse.parse(
    (await enquire(a.affiliateId, backoffice, { accountName: 'BAKARE HOLDINGS LTD' })).body,
  );
  expect(low.state.waiting).not.toBeNull();
  await t.ctx.db.query(`UPDATE affiliates SET bank_id = 2 WHERE affiliate_id = $1`, [a.affiliateId]);
  expect((await stateOf(a.affiliateId)).waiting).toBeNull();
  const stale = await confirm(a.affiliateId, low.state.waiting!.verificationID, admin, { confirm: true });
  expect([stale.status, stale.body.message]).toEqual([409, M.notWaiting]);
  expect(await payable(a.affiliateId)).toBe(false);
});

test('hostile input is a 4xx with a message and changes nothing', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Emeka Obi' });
  for (const body of [
    {},
    { accountName: '' },
    { accountName: '   ' },
    { accountName: 'EMEKA\u0000OBI' },
    { accountName: 'x'.repeat(1_000_000) },
    { accountName: 12 },
    { accountName: ['EMEKA OBI'] },
    { accountName: '12345 678' },
  ]) {
    const res = await enquire(a.affiliateId, backoffice, body);
    // A megabyte is over the JSON body limit (413); the rest are refused by the schema.
    expect([res.status, typeof res.body.message]).toEqual([
      JSON.stringify(body).length > 100_000 ? 413 : 400,
      'string',
    ]);
  }
  for (const id of ['0', '-1', 'abc', '99999999999999999999', '1e3']) {
    const res = await enquire(id, backoffice, { accountName: 'EMEKA OBI' });
    expect(res.status).toBe(400);
  }
  expect((await enquire(999_999_999, backoffice, { accountName: 'EMEKA OBI' })).status).toBe(404);
  for (const id of ['0', 'abc', '99999999999999999999']) {
    const res = await confirm(a.affiliateId, id, admin, { confirm: true });
    expect([res.status, typeof res.body.message]).toEqual([404, 'string']);
  }
  expect((await confirm(a.affiliateId, 1, admin, { confirm: 'yes' })).status).toBe(400);
  expect((await confirm(a.affiliateId, 999_999, admin, { confirm: true })).status).toBe(404);
  // An affiliate cannot verify its own account.
  const own = await bearer(t.ctx, a.userId);
  expect((await enquire(a.affiliateId, own, { accountName: 'EMEKA OBI' })).status).toBe(403);
  expect(await payable(a.affiliateId)).toBe(false);
  const { rows } = await t.ctx.db.query('SELECT 1 FROM bank_account_verifications WHERE affiliate_id = $1', [
    a.affiliateId,
  ]);
  expect(rows).toEqual([]);
});
