import request from 'supertest';
import { workbookClass } from '../../../lib/excel-workbook';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer } from '../../../../test-support/affiliate-fixtures';
import { closeOpenRuns, createPaystackRun } from '../../../../test-support/paystack-payout-fixtures';
import { markLinePaid } from '../../payouts';

const Workbook = workbookClass();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test("My data has a Payouts sheet: the affiliate's runs and lines with references, statuses and amounts, the account masked (issue 48)", async () => {
  const run = await createPaystackRun(t.ctx, ['1500.25']);
  const [line] = run.lines;
  await t.ctx.db.query(`UPDATE payout_lines SET status = 'sending' WHERE payout_line_id = $1`, [line.lineId]);
  await t.ctx.db.transaction((tx) =>
    markLinePaid(tx, line.lineId, { at: new Date('2026-06-02T10:00:00Z'), transferCode: 'TRF_1' }),
  );
  await closeOpenRuns(t.ctx.db);
  const { rows } = await t.ctx.db.query<{ user_id: string }>(
    'SELECT user_id FROM affiliates WHERE affiliate_id = $1',
    [line.affiliateId],
  );
  const owner = await bearer(t.ctx, Number(rows[0].user_id));
  const link = await request(t.app).get('/api/user/my-data').set('Authorization', owner);
  expect(link.status).toBe(200);
  const file = await request(t.app)
    .get(link.body.excelPath as string)
    .set('Authorization', owner)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  expect(file.status).toBe(200);
  const workbook = new Workbook();
  await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Payouts');
  expect(sheet).toBeDefined();
  const values: unknown[][] = [];
  sheet!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  expect(values[0]).toEqual([
    'Run',
    'Run status',
    'Earnings up to',
    'Paid through',
    'Line',
    'Reference',
    'Status',
    'Gross',
    'Deductions',
    'Net',
    'Paid to',
    'Paid on',
    'Reason',
    'Listed on',
  ]);
  expect(values).toHaveLength(2);
  expect(values[1].slice(0, 11)).toEqual([
    run.runId,
    'completed',
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    'Paystack',
    line.lineId,
    line.reference,
    'paid',
    1500.25,
    0,
    1500.25,
    `GTBank ****${line.accountNumber.slice(-4)}`,
  ]);
  expect(values[1][11]).toBe('2026-06-02 11:00:00');
  expect(sheet!.getCell(2, 10).numFmt).toBe('"₦"#,##0.00');
  // Masked as the Payouts page masks it.
  expect(JSON.stringify(values)).not.toContain(line.accountNumber);
});
