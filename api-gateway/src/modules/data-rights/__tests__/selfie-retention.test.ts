import { loadConfig } from '../../../config';
import { sweepSelfieFiles } from '../../registration/selfie-sweep';
import { FileStore } from '../../../storage/file-store';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliate } from '../../../../test-support/affiliate-fixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function affiliateWithSelfie(status: 'KYC Rejected' | 'KYC Complete' | 'KYC Pending') {
  const store = new FileStore(t.ctx);
  const file = await store.put(
    t.ctx.db,
    { purpose: 'selfie', contentType: 'image/png', extension: 'png' },
    Buffer.from('selfie bytes'),
  );
  const affiliate = await createAffiliate(t.ctx.db, { status, selfieImagePath: file.storageKey });
  await t.ctx.db.query('UPDATE affiliates SET updated_date = $2 WHERE affiliate_id = $1', [
    affiliate.affiliateId,
    t.ctx.now(),
  ]);
  await t.ctx.db.query('UPDATE stored_files SET owner_user_id = $2 WHERE file_id = $1', [
    file.fileId,
    affiliate.userId,
  ]);
  return { affiliateId: affiliate.affiliateId, storageKey: file.storageKey, store };
}

async function selfieOf(affiliateId: number): Promise<string | null> {
  const { rows } = await t.ctx.db.query<{ selfie_image_path: string | null }>(
    'SELECT selfie_image_path FROM affiliates WHERE affiliate_id = $1',
    [affiliateId],
  );
  return rows[0].selfie_image_path;
}

test('SELFIE_RETENTION_DAYS: 90 by default, a whole number of days from 1', () => {
  expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.ctx.config.dataDir }).selfieRetentionDays).toBe(90);
  expect(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: t.ctx.config.dataDir, SELFIE_RETENTION_DAYS: '30' })
      .selfieRetentionDays,
  ).toBe(30);
  expect(() =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: t.ctx.config.dataDir, SELFIE_RETENTION_DAYS: '0' }),
  ).toThrow(/SELFIE_RETENTION_DAYS/);
});

test("the sweep deletes a rejected application's selfie after the retention period, and only that", async () => {
  const rejected = await affiliateWithSelfie('KYC Rejected');
  const approved = await affiliateWithSelfie('KYC Complete');
  const pending = await affiliateWithSelfie('KYC Pending');

  t.advanceClock(89 * DAY);
  await sweepSelfieFiles(t.ctx);
  expect(await selfieOf(rejected.affiliateId)).toBe(rejected.storageKey);
  expect(await rejected.store.read(rejected.storageKey)).toEqual(Buffer.from('selfie bytes'));

  t.advanceClock(2 * DAY);
  const report = await sweepSelfieFiles(t.ctx);
  expect(report.filesDeleted).toBeGreaterThanOrEqual(1);
  expect(await selfieOf(rejected.affiliateId)).toBeNull();
  expect(await rejected.store.read(rejected.storageKey)).toBeUndefined();
  const { rows } = await t.ctx.db.query('SELECT 1 FROM stored_files WHERE storage_key = $1', [
    rejected.storageKey,
  ]);
  expect(rows).toEqual([]);
  // Approved and waiting applications keep theirs (the reviewer and the record need it).
  for (const kept of [approved, pending]) {
    expect(await selfieOf(kept.affiliateId)).toBe(kept.storageKey);
    expect(await kept.store.read(kept.storageKey)).toEqual(Buffer.from('selfie bytes'));
  }
  // Run again: nothing more.
  await sweepSelfieFiles(t.ctx);
  expect(await selfieOf(approved.affiliateId)).toBe(approved.storageKey);
});

// Issue 50: a returned selfie taken again and never submitted goes with the same retention.
test('the sweep deletes a retaken selfie never submitted, once the rejection is past the retention period', async () => {
  const rejected = await affiliateWithSelfie('KYC Rejected');
  const staff = await t.ctx.db.query<{ user_id: number }>(
    `INSERT INTO users (full_name, email, role_id, phone_code, mobile_number, country_id)
     VALUES ('Retention Reviewer', 'retention.reviewer@example.test', 2, '+234', '8030009999', 1) RETURNING user_id`,
  );
  const retaken = await rejected.store.put(
    t.ctx.db,
    { purpose: 'selfie', contentType: 'image/png', extension: 'png' },
    Buffer.from('retaken selfie bytes'),
  );
  await t.ctx.db.query(
    `INSERT INTO kyc_part_decisions (affiliate_id, part, outcome, reason, decided_by, decided_at, replacement_selfie_path)
     VALUES ($1, 'selfie', 'returned', 'Selfie blurred', $2, $3, $4)`,
    [rejected.affiliateId, staff.rows[0].user_id, t.ctx.now(), retaken.storageKey],
  );
  t.advanceClock(91 * DAY);
  await sweepSelfieFiles(t.ctx);
  const { rows } = await t.ctx.db.query('SELECT 1 FROM stored_files WHERE storage_key = $1', [
    retaken.storageKey,
  ]);
  expect(rows).toHaveLength(0);
  const decision = await t.ctx.db.query<{ path: string | null }>(
    'SELECT replacement_selfie_path AS path FROM kyc_part_decisions WHERE affiliate_id = $1',
    [rejected.affiliateId],
  );
  expect(decision.rows).toEqual([{ path: null }]);
});
