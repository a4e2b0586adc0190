import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSuiteDatabase } from '../../../../test-support/suite-database';
import { createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { fundedAffiliate } from '../../../../test-support/payout-fixtures';
import { MIGRATIONS_DIR, migrate, REPEATABLE_FOLDER } from '../../../db/migrate';

/** The ledger's one body (repeatable/functions.sql): the numbered migrations hold none, so a database of 068 gets it. */
function ledgerFunction(): string {
  const sql = readFileSync(path.join(MIGRATIONS_DIR, REPEATABLE_FOLDER, 'functions.sql'), 'utf8');
  const match = /CREATE OR REPLACE FUNCTION commission_ledger_apply\([\s\S]*?\$fn\$;/.exec(sql);
  if (!match) throw new Error('functions.sql defines no commission_ledger_apply');
  return match[0];
}

// Migration 069: a draft made before it held its entries (creation attached them); after it a draft holds none,
// so the upgrade releases them, and every run gets the instant its money had to be available before.

test('an upgraded draft releases its entries; every run keeps the instant it pays up to', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'payout-draft-migrations-'));
  const db = await openSuiteDatabase('payout_draft_migration');
  try {
    const files = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql'));
    for (const file of files.filter((name) => name < '069'))
      copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    await migrate(db, dir);
    // Today's ledger also reads the orders a confirmed risk case withheld (migration 150): none in a database of
    // 068, so an empty stand-in until 150 itself runs below.
    await db.exec('CREATE TABLE risk_withheld_orders (order_id bigint PRIMARY KEY, case_id bigint NOT NULL)');
    await db.exec(ledgerFunction());
    const admin = await createStaffUser(db, 1);
    const approver = await createStaffUser(db, 1);
    const drafted = await fundedAffiliate(db, ['1500.00']);
    const paid = await fundedAffiliate(db, ['900.00']);
    // As 068's code left them: a completed run whose line holds its entry, and a draft whose line holds its own.
    const runOf = async (status: string, cutoff: string, createdAt: string, affiliateId: number) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO payout_runs (cutoff, status, provider, minimum_payout, withholding_percent, created_by,
                                  created_at, submitted_at, decided_by, decided_at, completed_at)
         VALUES ($1, $2, 'bank-file', 1000, 0, $3, $4,
                 CASE WHEN $2 = 'completed' THEN $4::timestamptz END, CASE WHEN $2 = 'completed' THEN $5::bigint END,
                 CASE WHEN $2 = 'completed' THEN $4::timestamptz END, CASE WHEN $2 = 'completed' THEN $4::timestamptz END)
         RETURNING payout_run_id::text AS id`,
        [cutoff, status, admin, createdAt, approver],
      );
      const lineStatus = status === 'completed' ? 'paid' : 'pending';
      const { rows: line } = await db.query<{ id: string }>(
        `INSERT INTO payout_lines (affiliate_id, status, payout_run_id, reference, gross, net, bank_code,
                                   account_number_sealed, paid_at)
         SELECT $1::bigint, $2::text, $3::bigint, 'po-' || $3::text || '-' || $1::text, sum(amount), sum(amount),
                '058', 'sealed', CASE WHEN $2::text = 'paid' THEN now() END
           FROM commission_entries WHERE affiliate_id = $1::bigint
         RETURNING payout_line_id::text AS id`,
        [affiliateId, lineStatus, rows[0].id],
      );
      await db.query(
        `INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id)
         SELECT $1, $2, entry_id FROM commission_entries WHERE affiliate_id = $3`,
        [line[0].id, lineStatus, affiliateId],
      );
      return Number(rows[0].id);
    };
    const completed = await runOf('completed', '2026-10-01', '2026-10-02T09:00:00Z', paid.affiliateId);
    const draft = await runOf('draft', '2026-11-20', '2026-11-20T10:00:00Z', drafted.affiliateId);

    for (const file of files.filter((name) => name >= '069'))
      copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    await db.exec('DROP TABLE risk_withheld_orders');
    await migrate(db, dir);

    const { rows: held } = await db.query<{ run: string; entries: number }>(
      `SELECT l.payout_run_id::text AS run, count(p.entry_id)::int AS entries
         FROM payout_lines l LEFT JOIN payout_line_entries p USING (payout_line_id)
        GROUP BY l.payout_run_id ORDER BY l.payout_run_id`,
    );
    expect(held).toEqual([
      { run: String(completed), entries: 1 },
      { run: String(draft), entries: 0 },
    ]);
    // The end of the cutoff day in Lagos (UTC+1), or the creation when that came first.
    const { rows: before } = await db.query<{ id: string; at: Date }>(
      'SELECT payout_run_id::text AS id, entries_before AS at FROM payout_runs ORDER BY payout_run_id',
    );
    expect(before.map((row) => [row.id, new Date(row.at).toISOString()])).toEqual([
      [String(completed), '2026-10-01T23:00:00.000Z'],
      [String(draft), '2026-11-20T10:00:00.000Z'],
    ]);
    // A draft's lines hold no entries from now on.
    await expect(
      db.query(
        `INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id)
         SELECT l.payout_line_id, 'pending', e.entry_id
           FROM payout_lines l JOIN commission_entries e ON e.affiliate_id = l.affiliate_id
          WHERE l.payout_run_id = $1`,
        [draft],
      ),
    ).rejects.toThrow(/a draft payout run holds no entries/);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
