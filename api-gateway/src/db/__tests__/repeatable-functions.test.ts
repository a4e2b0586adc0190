import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrateBefore, openSuiteDatabase } from '../../../test-support/suite-database';
import type { Database } from '../database';
import { MIGRATIONS_DIR, migrate, REPEATABLE_FOLDER } from '../migrate';

/**
 * Issue 53: today's definition of the functions numbered migrations kept redefining lives in one repeatable file.
 * A new database and one migrated before the file existed (holding an older body) end with exactly its bodies.
 */
const FILE = path.join(MIGRATIONS_DIR, REPEATABLE_FOLDER, 'functions.sql');
const DEFINITION = /CREATE (?:OR REPLACE )?FUNCTION (\w+)\([^)]*\)[^$]*?AS \$(\w*)\$([\s\S]*?)\$\2\$;/g;

function definitions(sql: string): Map<string, string> {
  return new Map([...sql.matchAll(DEFINITION)].map((match) => [match[1], match[3]]));
}

const current = definitions(readFileSync(FILE, 'utf8'));

async function bodies(db: Database): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ name: string; body: string }>(
    `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p
      WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = ANY ($1)`,
    [[...current.keys()]],
  );
  const found = new Map<string, string[]>();
  for (const row of rows) found.set(row.name, [...(found.get(row.name) ?? []), row.body]);
  return found;
}

async function expectCurrentBodies(db: Database): Promise<void> {
  const found = await bodies(db);
  for (const [name, body] of current)
    expect({ name, bodies: found.get(name) }).toEqual({ name, bodies: [body] });
}

test('the file defines the ledger and the other redefined functions', () => {
  expect([...current.keys()].sort()).toEqual([
    'affiliate_status_counts_sync',
    'commission_ledger_apply',
    'commission_ledger_follow_orders',
    'order_daily_counts_sync',
    'payout_lines_forward_only',
  ]);
});

test("the ledger's rule is written once: no numbered migration holds a body of commission_ledger_apply", () => {
  const files = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
  const holding = files.filter((file) =>
    /CREATE (OR REPLACE )?FUNCTION commission_ledger_apply\(/.test(
      readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'),
    ),
  );
  expect(holding).toEqual([]);
});

test('numbered migrations keep the old definitions of the smaller functions as history and add no new one', () => {
  const history: Record<string, string[]> = {};
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    for (const name of current.keys())
      if (new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`).test(sql)) (history[name] ??= []).push(file);
  }
  // A new version of one of these functions goes into the repeatable file, not into a numbered migration.
  expect(history).toEqual({
    affiliate_status_counts_sync: ['001_initial.sql', '074_status_counts_at_commit.sql'],
    commission_ledger_follow_orders: ['060_commission_ledger.sql', '071_linear_ledger_apply.sql'],
    order_daily_counts_sync: ['001_initial.sql', '014_order_daily_counts_per_statement.sql'],
    payout_lines_forward_only: ['061_payout_runs.sql', '069_payout_draft_holds_nothing.sql'],
  });
});

describe('on a database', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openSuiteDatabase('repeatable');
  });
  afterEach(() => db.close());

  test('a new database ends with exactly the current bodies', async () => {
    await migrate(db);
    await expectCurrentBodies(db);
  });

  test('one migrated before the file, holding an older ledger, is brought to the current bodies', async () => {
    // Every numbered migration and no repeatable file: a database of before; then an older ledger put in place.
    await migrateBefore(db, '~');
    const olderBody = '\nBEGIN\n  RAISE NOTICE $m$an older ledger$m$;\nEND ';
    await db.exec(
      `CREATE OR REPLACE FUNCTION commission_ledger_apply(order_ids bigint[], old_statuses text[]) RETURNS void
       LANGUAGE plpgsql AS $fn$${olderBody}$fn$;`,
    );
    expect((await bodies(db)).get('commission_ledger_apply')).toEqual([olderBody]);

    expect(await migrate(db)).toEqual([]);
    await expectCurrentBodies(db);
    // Every start applies it again, with the same result.
    await migrate(db);
    await expectCurrentBodies(db);
  });
});
