import request from 'supertest';
import * as XLSX from 'xlsx';
import { CommissionUploadMessages, COMMISSION_TEMPLATE_PATH, Messages } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';
import type { RateRow } from '../rate-rows';
import { rateRows, workbook, workbookOfSize, HEADER } from '../../../../test-support/rate-workbooks';
import { storeRates } from '../upload-rates';
import { currentRates } from '../rate-store';

jest.setTimeout(60_000);

const UPLOAD = '/api/master/commision/upload';

let t: TestApp;
let admin: string;
let affiliate: TestAffiliate;
beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  affiliate = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Chidi Okafor' });
});
afterAll(() => t.close());

const upload = (file: Buffer, name = 'rates.xlsx', auth = admin) =>
  request(t.app).post(UPLOAD).set('Authorization', auth).attach('data', file, name);

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.ctx.db.query<{ n: string | number }>(sql, params);
  return Number(rows[0].n);
}

async function ratesOf(code: string) {
  const { rows } = await t.ctx.db.query<{ c: string; r: string; m: string; d: string }>(
    `SELECT product_category AS c, rate_percent::text AS r, minimum_order_value::text AS m,
            to_char(effective_date, 'YYYY-MM-DD') AS d
       FROM commission_rates WHERE affiliate_code = $1 ORDER BY product_category, effective_date`,
    [code],
  );
  return rows.map((row) => `${row.c} ${Number(row.r)}% min ${row.m} from ${row.d}`);
}

describe('a good file is stored whole', () => {
  test('rates, the upload record and an audit row', async () => {
    const res = await upload(
      workbook(
        rateRows(
          [affiliate.affiliateCode, 2.5, 'Beverages', 5000, '2026-01-01'],
          [affiliate.affiliateCode, '4%', 'Personal Care', '10,000', '2026-02-01'],
        ),
      ),
      'March rates.xlsx',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Commission rates uploaded successfully: 2 rows saved.',
      rowCount: 2,
    });
    expect(await ratesOf(affiliate.affiliateCode)).toEqual([
      'Beverages 2.5% min 5000.00 from 2026-01-01',
      'Personal Care 4% min 10000.00 from 2026-02-01',
    ]);
    const { rows } = await t.ctx.db.query<{ file_name: string; row_count: number; full_name: string }>(
      `SELECT u.file_name, u.row_count, usr.full_name FROM commission_uploads u
         JOIN users usr ON usr.user_id = u.uploaded_by WHERE u.upload_id = $1`,
      [res.body.uploadId],
    );
    expect(rows).toEqual([{ file_name: 'March rates.xlsx', row_count: 2, full_name: 'Ada Admin' }]);
    expect(
      await count(
        `SELECT count(*) AS n FROM audit_log WHERE action = 'commission.upload' AND entity_id = $1`,
        [String(res.body.uploadId)],
      ),
    ).toBe(1);

    // Recent Activity names the file and its rows, not the table and the upload's id.
    const dashboard = await request(t.app)
      .get('/api/user/dashboard')
      .set('Authorization', await bearer(t.ctx, await createStaffUser(t.ctx.db, 2)));
    expect(dashboard.body.activities).toContainEqual({
      title: 'Commission rates uploaded',
      description: 'March rates.xlsx, 2 rows by Ada Admin',
      activityOn: 'Today',
    });
  });

  test('the same affiliate, category and date replaces that rate; other dates stay', async () => {
    const code = (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode;
    expect(
      (
        await upload(
          workbook(rateRows([code, 2, 'Snacks', 0, '2026-01-01'], [code, 3, 'Snacks', 0, '2026-03-01'])),
        )
      ).status,
    ).toBe(200);
    expect((await upload(workbook(rateRows([code, 5.25, 'Snacks', 100, '2026-03-01'])))).status).toBe(200);
    expect(await ratesOf(code)).toEqual([
      'Snacks 2% min 0.00 from 2026-01-01',
      'Snacks 5.25% min 100.00 from 2026-03-01',
    ]);
  });

  test('a file mixing new dates with dates already held: every new one added, every held one replaced', async () => {
    const code = (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode;
    const first = await upload(
      workbook(rateRows([code, 1, 'Snacks', 0, '2026-02-01'], [code, 1, 'Baby Care', 0, '2026-02-01'])),
    );
    expect(first.status).toBe(200);
    const second = await upload(
      workbook(
        rateRows(
          [code, 2, 'Snacks', 0, '2026-01-01'],
          [code, 3, 'Snacks', 50, '2026-02-01'],
          [code, 4, 'Snacks', 0, '2026-03-01'],
          [code, 5, 'Baby Care', 0, '2026-02-01'],
        ),
      ),
    );
    expect(second.status).toBe(200);
    expect(await ratesOf(code)).toEqual([
      'Baby Care 5% min 0.00 from 2026-02-01',
      'Snacks 2% min 0.00 from 2026-01-01',
      'Snacks 3% min 50.00 from 2026-02-01',
      'Snacks 4% min 0.00 from 2026-03-01',
    ]);
    const { rows } = await t.ctx.db.query<{ upload_id: string | number }>(
      'SELECT DISTINCT upload_id FROM commission_rates WHERE affiliate_code = $1',
      [code],
    );
    expect(rows.map((row) => Number(row.upload_id))).toEqual([Number(second.body.uploadId)]);
  });

  test('Excel date cells, an empty minimum, blank rows and a legacy .xls', async () => {
    const code = (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode;
    // 46023 is Excel's day number of 2026-01-01.
    const rows = [
      HEADER,
      [code, 1.5, 'Household', null, 46023],
      [null, null, null, null, null],
      [code, 2, 'Groceries', 0, '2026-01-05'],
    ];
    const res = await upload(workbook(rows, 'biff8'), 'legacy.xls');
    expect(res.status).toBe(200);
    expect(await ratesOf(code)).toEqual([
      'Groceries 2% min 0.00 from 2026-01-05',
      'Household 1.5% min 0.00 from 2026-01-01',
    ]);
  });

  test('text is stored as typed: a backslash, quotes and non-ASCII in a category', async () => {
    const code = (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode;
    const category = 'Food\\Drinks "Ọ̀ja" \\N';
    const res = await upload(workbook(rateRows([code, 3, category, 0, '2026-04-01'])));
    expect(res.status).toBe(200);
    expect(await ratesOf(code)).toEqual([`${category} 3% min 0.00 from 2026-04-01`]);
  });

  test('a backdated rate changes the commission of orders already placed, in the same upload', async () => {
    const owner = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
    const { rows } = await t.ctx.db.query<{ retailer_id: string }>(
      `INSERT INTO retailers (external_id, retailer_code, affiliate_id, business_name, fao_name, fao_mobile_no,
                              cluster_manager, location)
       VALUES ($1, $1, $2, 'Mama Nkechi Stores', 'Nkechi', '8030000000', 'Tunde', 'Yaba') RETURNING retailer_id`,
      [`R-${owner.affiliateCode}`, owner.affiliateId],
    );
    await t.ctx.db.query(
      `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                           product_category, status, fao_name, fao_mobile_no)
       VALUES ($1, $1, $2, $3, '2026-02-10', 'Ngozi', 20000, 'Beverages', 'Delivered', 'Nkechi', '8030000000')`,
      [`O-${owner.affiliateCode}`, rows[0].retailer_id, owner.affiliateId],
    );
    const commission = async () =>
      (
        await t.ctx.db.query<{ amount: string }>(
          'SELECT commission_amount::text AS amount FROM orders WHERE affiliate_id = $1',
          [owner.affiliateId],
        )
      ).rows[0].amount;
    expect(await commission()).toBe('0.00');
    const res = await upload(workbook(rateRows([owner.affiliateCode, 2.5, 'Beverages', 0, '2026-01-01'])));
    expect(res.status).toBe(200);
    expect(res.body.ordersRecomputed).toBe(1);
    // 20,000 x 2.5% = 500.00
    expect(await commission()).toBe('500.00');
    const monthly = await t.ctx.db.query<{ q: string }>(
      'SELECT qualified_commission::text AS q FROM affiliate_commission_months WHERE affiliate_id = $1',
      [owner.affiliateId],
    );
    expect(monthly.rows[0].q).toBe('500.00');
  });
});

describe('uploads at once', () => {
  test('two uploads of the same rates in opposite order: both stored, never a 5xx', async () => {
    const code = (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode;
    const rates: [string, number, string, number, string][] = [];
    for (const category of ['Beverages', 'Snacks'])
      for (let day = 1; day <= 20; day++)
        rates.push([code, 2, category, 0, `2027-01-${String(day).padStart(2, '0')}`]);
    const answers = await Promise.all([
      upload(workbook(rateRows(...rates)), 'forward.xlsx'),
      upload(workbook(rateRows(...[...rates].reverse())), 'backward.xlsx'),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
  });

  test("the upload's transaction: the same rates in opposite order at once queue instead of deadlocking, round after round", async () => {
    const codes: string[] = [];
    for (let i = 0; i < 10; i++)
      codes.push((await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode);
    const rates: RateRow[] = [];
    for (const affiliateCode of codes)
      for (const productCategory of ['Beverages', 'Snacks', 'Household', 'Baby Care'])
        for (let day = 1; day <= 28; day++)
          rates.push({
            row: rates.length + 2,
            affiliateCode,
            productCategory,
            ratePercent: '2',
            minimumOrderValue: '0',
            effectiveDate: `2027-03-${String(day).padStart(2, '0')}`,
          });
    const uploadedBy = await createStaffUser(t.ctx.db, 1);
    const store = (order: RateRow[]) =>
      storeRates(t.ctx, order, { fileName: 'rates.xlsx', uploadedBy, at: new Date() }).then(
        (answer) => answer.rowCount,
        (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
      );
    for (let round = 0; round < 5; round++)
      expect(await Promise.all([store(rates), store([...rates].reverse())])).toEqual([
        rates.length,
        rates.length,
      ]);
  });
});

describe('a file with a bad row is refused whole, naming the rows', () => {
  test('each rule of a row, with its row number and column', async () => {
    const before = await count('SELECT count(*) AS n FROM commission_rates');
    const code = affiliate.affiliateCode;
    const res = await upload(
      workbook(
        rateRows(
          [code, 2.5, 'Beverages', 0, '2026-01-01'],
          [code, 101, 'Beverages', 0, '2026-01-02'],
          [code, 2.555, 'Beverages', 0, '2026-01-03'],
          [code, 'five', 'Beverages', 0, '2026-01-04'],
          [code, 2, 'Beverages', -1, '2026-01-05'],
          [code, 2, 'Beverages', 0, '2026-02-30'],
          ['AFF999999', 2, 'Beverages', 0, '2026-01-06'],
          [code, 2, '', 0, '2026-01-07'],
          [code, 2.5, 'Beverages', 0, '2026-01-01'],
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toEqual([
      { row: 3, column: 'Commission Rate (%)', reason: 'Commission Rate (%) must be between 0 and 100.' },
      { row: 4, column: 'Commission Rate (%)', reason: 'Commission Rate (%) may have at most 2 decimals.' },
      { row: 5, column: 'Commission Rate (%)', reason: 'Commission Rate (%) must be a number.' },
      { row: 6, column: 'Minimum Order Value', reason: 'Minimum Order Value must be 0 or more.' },
      {
        row: 7,
        column: 'Effective Date',
        reason: 'Effective Date must be a real date (yyyy-MM-dd) between 2000-01-01 and 2100-12-31.',
      },
      { row: 9, column: 'Product Category', reason: 'Product Category is required.' },
      {
        row: 10,
        column: 'Effective Date',
        reason: 'The same affiliate, category and effective date appear earlier in the file. (row 2)',
      },
    ]);
    expect(res.body.message).toBe(
      'The file was not uploaded: 7 errors. Row 3, Commission Rate (%): Commission Rate (%) must be between 0 and 100. ' +
        'Row 4, Commission Rate (%): Commission Rate (%) may have at most 2 decimals. ' +
        'Row 5, Commission Rate (%): Commission Rate (%) must be a number.',
    );
    expect(await count('SELECT count(*) AS n FROM commission_rates')).toBe(before);
  });

  test('an affiliate ID no affiliate has', async () => {
    const res = await upload(workbook(rateRows(['AFF999999', 2, 'Beverages', 0, '2026-01-06'])));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { row: 2, column: 'Affiliate ID', reason: 'No affiliate has this ID.' },
    ]);
  });
});

describe('every rate names an upload that exists (the foreign key, migration 032)', () => {
  const failure = async (run: Promise<unknown>) => {
    const error = await run.then(
      () => undefined,
      (caught: unknown) => caught as { code?: string; constraint?: string },
    );
    return error && { code: error.code, constraint: error.constraint };
  };
  const violation = { code: '23503', constraint: 'commission_rates_upload_id_fkey' };
  const rateNaming = (uploadId: number | null, day: string) =>
    t.ctx.db.query(
      `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date, upload_id)
       VALUES ($1, 'Snacks', 1, $2, $3)`,
      [affiliate.affiliateCode, day, uploadId],
    );

  test('a rate naming no upload, or an upload that is not there, is refused like the foreign key', async () => {
    expect(await failure(rateNaming(999_999_999, '2030-01-01'))).toEqual(violation);
    expect(await failure(rateNaming(null, '2030-01-02'))).toBeUndefined();
    expect(
      await failure(
        t.ctx.db.query('UPDATE commission_rates SET upload_id = 999999999 WHERE effective_date = $1', [
          '2030-01-02',
        ]),
      ),
    ).toEqual(violation);
  });

  test('one statement naming several uploads: every one of them must exist', async () => {
    const uploaded = async (day: string) => {
      const res = await upload(workbook(rateRows([affiliate.affiliateCode, 2, 'Toiletries', 0, day])));
      expect(res.status).toBe(200);
      return Number(res.body.uploadId);
    };
    const first = await uploaded('2030-03-01');
    const second = await uploaded('2030-03-02');
    const ratesNaming = (uploads: (number | null)[], month: string) =>
      t.ctx.db.query(
        `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date, upload_id)
         SELECT $1, 'Toiletries', 1, ($2 || '-' || lpad(n::text, 2, '0'))::date, u
           FROM unnest($3::bigint[]) WITH ORDINALITY AS r(u, n)`,
        [affiliate.affiliateCode, month, uploads],
      );
    expect(await failure(ratesNaming([first, second, null, first], '2030-04'))).toBeUndefined();
    expect(await failure(ratesNaming([first, 999_999_997, second], '2030-05'))).toEqual(violation);
    expect(await failure(ratesNaming([999_999_997, 999_999_996], '2030-06'))).toEqual(violation);
    expect(await failure(ratesNaming([null, null], '2030-07'))).toBeUndefined();
  });

  test('an upload cannot be deleted or renumbered while a rate names it', async () => {
    const res = await upload(workbook(rateRows([affiliate.affiliateCode, 2, 'Household', 0, '2030-02-01'])));
    expect(res.status).toBe(200);
    const id = Number(res.body.uploadId);
    expect(
      await failure(t.ctx.db.query('DELETE FROM commission_uploads WHERE upload_id = $1', [id])),
    ).toEqual(violation);
    expect(
      await failure(
        t.ctx.db.query('UPDATE commission_uploads SET upload_id = 999999998 WHERE upload_id = $1', [id]),
      ),
    ).toEqual(violation);
    // Renaming the file keeps the key: allowed. Once no rate names it, the upload can go.
    expect(
      await failure(
        t.ctx.db.query(`UPDATE commission_uploads SET file_name = 'renamed.xlsx' WHERE upload_id = $1`, [id]),
      ),
    ).toBeUndefined();
    await t.ctx.db.query('DELETE FROM commission_rates WHERE upload_id = $1', [id]);
    expect(
      await failure(t.ctx.db.query('DELETE FROM commission_uploads WHERE upload_id = $1', [id])),
    ).toBeUndefined();
  });
});

describe('checked before parsing', () => {
  test('another extension is the spec message (415)', async () => {
    const res = await upload(Buffer.from('Affiliate ID,Commission Rate (%)\n'), 'rates.csv');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, message: Messages.invalidExcelType, errors: [] });
  });

  test('exactly 10 MB is read (at most 10 MB); one byte more is 413', async () => {
    const rows = rateRows([affiliate.affiliateCode, 2, 'Stationery', 0, '2026-01-01']);
    const limit = 10 * 1024 * 1024;
    const exact = await upload(workbookOfSize(rows, limit), 'exact.xlsx');
    expect({ status: exact.status, message: exact.body.message }).toEqual({
      status: 200,
      message: 'Commission rates uploaded successfully: 1 row saved.',
    });
    const over = await upload(workbookOfSize(rows, limit + 1), 'big.xlsx');
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(CommissionUploadMessages.tooLarge);
  });

  test('no file part is 400', async () => {
    const res = await request(t.app).post(UPLOAD).set('Authorization', admin).field('other', 'x');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CommissionUploadMessages.fileRequired);
  });

  test('only uploadcommission_master may upload or read the rates', async () => {
    const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
    const file = workbook(rateRows([affiliate.affiliateCode, 1, 'Beverages', 0, '2026-01-01']));
    expect((await upload(file, 'rates.xlsx', backoffice)).status).toBe(403);
    expect((await request(t.app).post(UPLOAD).attach('data', file, 'rates.xlsx')).status).toBe(401);
    expect(
      (await request(t.app).get('/api/master/commision/rates').set('Authorization', backoffice)).status,
    ).toBe(403);
  });
});

describe('current rates and upload history', () => {
  test('the rate in force today per affiliate and category, searchable, paged', async () => {
    const owner = await createAffiliate(t.ctx.db, { status: 'KYC Complete', fullName: 'Zainab Ocheja' });
    const code = owner.affiliateCode;
    await upload(
      workbook(
        rateRows(
          [code, 1, 'Baby Care', 0, '2025-01-01'],
          [code, 2, 'Baby Care', 0, '2025-06-01'],
          [code, 9, 'Baby Care', 0, '2099-01-01'],
          [code, 3, 'Household', 0, '2025-01-01'],
          // Not in force yet: neither listed nor counted.
          [code, 4, 'Snacks', 0, '2099-01-01'],
        ),
      ),
    );
    const res = await request(t.app)
      .get('/api/master/commision/rates')
      .query({ search: 'zainab', pageSize: 1 })
      .set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        affiliateCode: code,
        affiliateName: 'Zainab Ocheja',
        productCategory: 'Baby Care',
        ratePercent: '2',
        effectiveDate: '2025-06-01',
      }),
    ]);
    // Every category with a rate is offered, in force or not.
    expect(res.body.categories).toEqual(expect.arrayContaining(['Baby Care', 'Household', 'Snacks']));
    const pastTheEnd = await request(t.app)
      .get('/api/master/commision/rates')
      .query({ search: 'zainab', pageSize: 1, page: 3 })
      .set('Authorization', admin);
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body).toMatchObject({ totalCount: 2, results: [] });
    const household = await request(t.app)
      .get('/api/master/commision/rates')
      .query({ search: code, category: 'Household' })
      .set('Authorization', admin);
    expect(household.body.results.map((r: { ratePercent: string }) => r.ratePercent)).toEqual(['3']);
    expect(household.body.totalCount).toBe(1);
    const snacks = await request(t.app)
      .get('/api/master/commision/rates')
      .query({ search: code, category: 'Snacks' })
      .set('Authorization', admin);
    expect(snacks.body).toMatchObject({ totalCount: 0, results: [] });
    // The count of the whole list is its pairs in force, the same as reading every page.
    const everything = await request(t.app)
      .get('/api/master/commision/rates')
      .query({ pageSize: 100 })
      .set('Authorization', admin);
    expect(everything.body.totalCount).toBe(everything.body.results.length);
  });

  test('the total without filters follows rates added, deleted and re-keyed, from each pair’s first date', async () => {
    const days = ['2024-12-31', '2025-01-01', '2025-03-01', '2025-06-01', '2099-01-01'];
    // The rule: the pairs with a rate effective on or before the day, counted from the rates themselves.
    const totals = async () => {
      const shown: Record<string, [number, number]> = {};
      for (const today of days) {
        const listed = await currentRates(t.ctx.db, { today, page: 1, pageSize: 1 });
        const counted = await count(
          `SELECT count(*) AS n FROM (SELECT 1 FROM commission_rates WHERE effective_date <= $1::date
             GROUP BY affiliate_code, product_category) AS pairs`,
          [today],
        );
        shown[today] = [listed.totalCount, counted];
      }
      return shown;
    };
    const expectAgreeing = async () => {
      const shown = await totals();
      for (const [listed, counted] of Object.values(shown)) expect(listed).toBe(counted);
      return Object.fromEntries(Object.entries(shown).map(([day, [listed]]) => [day, listed]));
    };
    const before = await expectAgreeing();
    const { affiliateCode: code } = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
    await t.ctx.db.query(
      `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date)
       VALUES ($1, 'Pair A', 1, '2025-01-01'), ($1, 'Pair A', 2, '2025-06-01'),
              ($1, 'Pair B', 1, '2025-03-01'), ($1, 'Pair C', 1, '2099-01-01')`,
      [code],
    );
    const added = await expectAgreeing();
    expect(days.map((day) => added[day] - before[day])).toEqual([0, 1, 2, 2, 3]);

    const rekey = (from: string, to: string) =>
      t.ctx.db.query(
        `UPDATE commission_rates SET effective_date = $3
          WHERE affiliate_code = $1 AND product_category = 'Pair C' AND effective_date = $2`,
        [code, from, to],
      );
    await rekey('2099-01-01', '2025-01-01');
    const rekeyed = await expectAgreeing();
    expect(days.map((day) => rekeyed[day] - before[day])).toEqual([0, 2, 3, 3, 3]);
    await rekey('2025-01-01', '2099-01-01');

    // Deleting a pair's first rate starts it at its next one; deleting its last removes it.
    await t.ctx.db.query(
      `DELETE FROM commission_rates WHERE affiliate_code = $1
          AND (product_category, effective_date) IN (('Pair A', '2025-01-01'::date), ('Pair B', '2025-03-01'::date))`,
      [code],
    );
    const deleted = await expectAgreeing();
    expect(days.map((day) => deleted[day] - before[day])).toEqual([0, 0, 0, 1, 2]);
    await t.ctx.db.query('DELETE FROM commission_rates WHERE affiliate_code = $1', [code]);
    expect(await expectAgreeing()).toEqual(before);
  });

  test('uploads newest first with who and how many rows', async () => {
    const res = await request(t.app).get('/api/master/commision/uploads').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBeGreaterThan(0);
    expect(res.body.results[0]).toMatchObject({ uploadedBy: 'Ada Admin', fileName: expect.any(String) });
  });
});

test('the template has the five columns and two example rows', async () => {
  const res = await request(t.app)
    .get(COMMISSION_TEMPLATE_PATH)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  const book = XLSX.read(res.body as Buffer, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  expect(rows[0]).toEqual(HEADER);
  expect(rows).toHaveLength(3);
});
