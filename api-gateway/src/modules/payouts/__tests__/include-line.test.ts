import request from 'supertest';
import { PayoutLineResponse, PayoutMessages, PayoutRunDetail, PayoutRunResponse } from '@portal/contracts';
import { businessDay } from '../../../lib/business-time';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { fundedAffiliate } from '../../../../test-support/payout-fixtures';

// Issue 51: an excluded line can be included again while its run is a draft, and only then.

let t: TestApp;
let creator: string;
let approver: string;
const RUNS = '/api/admin/payouts/runs';
const post = (path: string, auth: string, body: object = {}) =>
  request(t.app).post(path).set('Authorization', auth).send(body);

beforeAll(async () => {
  t = await createTestApp();
  creator = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Creator'));
  approver = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Bayo Approver'));
});
afterAll(() => t?.close());

test('exclude, include again, and the line is paid with the run; not once the run is submitted', async () => {
  const affiliate = await fundedAffiliate(t.ctx.db, ['1800.00']);
  await fundedAffiliate(t.ctx.db, ['1700.00']); // the run still has a line to pay once the first is excluded
  const created = await post(RUNS, creator, { cutoff: businessDay(new Date()) });
  expect(created.status).toBe(201);
  const runId = PayoutRunResponse.parse(created.body).run.runId;
  const detail = await request(t.app).get(`${RUNS}/${runId}?pageSize=100`).set('Authorization', creator);
  const line = PayoutRunDetail.parse(detail.body).lines.results.find(
    (l) => l.affiliateCode === affiliate.affiliateCode,
  )!;
  const includePath = `${RUNS}/${runId}/lines/${line.lineId}/include`;

  const notExcluded = await post(includePath, creator);
  expect(notExcluded.status).toBe(409);
  expect(notExcluded.body).toEqual({ message: PayoutMessages.lineNotExcluded });

  expect(
    (await post(`${RUNS}/${runId}/lines/${line.lineId}/exclude`, creator, { reason: 'Wrong account' }))
      .status,
  ).toBe(200);
  // Two admins including it at once: one moves it, the other is told it is no longer excluded.
  const both = await Promise.all([post(includePath, creator), post(includePath, approver)]);
  expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
  const included = PayoutLineResponse.parse(both.find((res) => res.status === 200)!.body);
  expect(included).toMatchObject({
    message: PayoutMessages.lineIncluded,
    line: { status: 'pending', reason: null, gross: '1800.00' },
  });
  const { rows } = await t.ctx.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM audit_log WHERE action = 'payout.line.include' AND entity_id = $1`,
    [line.lineId],
  );
  expect(rows[0].n).toBe('1');

  expect(
    (await post(`${RUNS}/${runId}/lines/${line.lineId}/exclude`, creator, { reason: 'Again' })).status,
  ).toBe(200);
  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  const late = await post(includePath, creator);
  expect(late.status).toBe(409);
  expect(late.body).toEqual({ message: PayoutMessages.notDraft });
  // The database refuses it too, whatever calls it.
  await expect(
    t.ctx.db.query(`UPDATE payout_lines SET status = 'pending' WHERE payout_line_id = $1`, [line.lineId]),
  ).rejects.toThrow(/cannot move from excluded to pending/);
  for (const path of [
    `${RUNS}/${runId}/lines/0/include`,
    `${RUNS}/${runId + 999}/lines/${line.lineId}/include`,
  ])
    expect((await post(path, creator)).status).toBe(404);
  expect((await post(`${RUNS}/${runId}/reject`, approver, { remark: 'Closing' })).status).toBe(200);
});
