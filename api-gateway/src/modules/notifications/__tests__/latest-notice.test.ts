import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { latestNoticeFor } from '..';

let t: TestApp;
let nigeria: number;
let ghana: number;

async function notice(
  id: number,
  title: string,
  html: string,
  createdAt: string,
  countries: number[],
  deleted = false,
) {
  await t.ctx.db.query(
    `INSERT INTO notifications (notification_id, title, message_text, created_at, deleted_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END)`,
    [id, title, html, createdAt, deleted],
  );
  await t.ctx.db.query(
    'INSERT INTO notification_countries (notification_id, country_id) SELECT $1, unnest($2::int[])',
    [id, countries],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.ctx.db.query<{ country_id: number; country_code: string }>(
    `SELECT country_id, country_code FROM countries WHERE country_code IN ('NG', 'GH')`,
  );
  nigeria = Number(rows.find((row) => row.country_code === 'NG')?.country_id);
  ghana = Number(rows.find((row) => row.country_code === 'GH')?.country_id);
});
afterAll(() => t.close());

test('none yet: null', async () => {
  expect(await latestNoticeFor(t.ctx.db, nigeria)).toBeNull();
});

test('the newest for the country or for all countries; deleted ones and other countries never', async () => {
  await notice(1, 'For all', '<p>All</p>', '2025-06-01T00:00:00Z', [0]);
  await notice(2, 'Nigeria and Ghana', '<p>NG GH</p>', '2025-06-02T00:00:00Z', [nigeria, ghana]);
  await notice(3, 'Ghana only', '<p>GH</p>', '2025-06-03T00:00:00Z', [ghana]);
  await notice(4, 'Deleted for all', '<p>gone</p>', '2025-06-04T00:00:00Z', [0], true);
  expect(await latestNoticeFor(t.ctx.db, nigeria)).toEqual({
    title: 'Nigeria and Ghana',
    description: '<p>NG GH</p>',
  });
  expect(await latestNoticeFor(t.ctx.db, ghana)).toEqual({ title: 'Ghana only', description: '<p>GH</p>' });
  // A country no notice names still gets the ones for all countries.
  expect(await latestNoticeFor(t.ctx.db, 999)).toEqual({ title: 'For all', description: '<p>All</p>' });
  await notice(5, 'Newer for all', '<p>Newer</p>', '2025-06-05T00:00:00Z', [0]);
  expect(await latestNoticeFor(t.ctx.db, ghana)).toEqual({
    title: 'Newer for all',
    description: '<p>Newer</p>',
  });
});

test('the description is sanitised again on the way out (rows written before sanitising, or by hand)', async () => {
  await notice(
    6,
    'Old row',
    '<p onclick="x()">Promo <b>now</b><script>alert(1)</script></p>',
    '2025-06-06T00:00:00Z',
    [0],
  );
  expect(await latestNoticeFor(t.ctx.db, nigeria)).toEqual({
    title: 'Old row',
    description: '<p>Promo <b>now</b></p>',
  });
});
