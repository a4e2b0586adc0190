import type { Sql } from '../../src/db/database';

/**
 * Which tables a call changed, exactly, per call: a row trigger on every table of the schema notes each row
 * added (+1, the new row's text) and removed (-1, the old row's text; an update is both) in `fuzz_writes`
 * (test databases only), and the fuzzer takes the notes after each call. What cancels out is no change: a
 * claim inserted and deleted again in the same call (the reset limit does that), or an update to the same values. Checksums of every
 * table (row count and an md5 of the sorted rows) cross-check the triggers over a batch of refused calls.
 */
export interface WriteLog {
  clear(): Promise<void>;
  /** The tables changed since the last take or clear (one entry per row changed, net), and forgets the notes. */
  take(): Promise<string[]>;
  checksums(): Promise<Map<string, string>>;
  tables: readonly string[];
}

export async function installWriteLog(db: Sql): Promise<WriteLog> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'fuzz_writes'
      ORDER BY table_name`,
  );
  const tables = rows.map((row) => row.table_name);
  await db.query(
    `CREATE TABLE IF NOT EXISTS fuzz_writes (table_name text NOT NULL, sign integer NOT NULL, row_text text)`,
  );
  await db.query(`
    CREATE OR REPLACE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, -1, OLD::text);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, 1, NEW::text);
      END IF;
      IF TG_OP = 'TRUNCATE' THEN
        INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, -1, 'TRUNCATE');
      END IF;
      RETURN NULL;
    END $$`);
  for (const table of tables) {
    await db.query(
      `CREATE TRIGGER fuzz_note_write AFTER INSERT OR UPDATE OR DELETE ON "${table}"
         FOR EACH ROW EXECUTE FUNCTION fuzz_note_write()`,
    );
    await db.query(
      `CREATE TRIGGER fuzz_note_truncate AFTER TRUNCATE ON "${table}"
         FOR EACH STATEMENT EXECUTE FUNCTION fuzz_note_write()`,
    );
  }
  return {
    tables,
    clear: async () => {
      await db.query('DELETE FROM fuzz_writes');
    },
    take: async () => {
      const taken = await db.query<{ table_name: string }>(
        `WITH taken AS (DELETE FROM fuzz_writes RETURNING table_name, sign, row_text)
         SELECT table_name FROM taken GROUP BY table_name, row_text HAVING sum(sign) <> 0`,
      );
      return taken.rows.map((row) => row.table_name);
    },
    checksums: async () => {
      const sums = new Map<string, string>();
      for (const table of tables) {
        const { rows: sum } = await db.query<{ n: string | number; sum: string | null }>(
          `SELECT count(*) AS n, md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))) AS sum FROM "${table}" t`,
        );
        sums.set(table, `${sum[0].n}:${sum[0].sum ?? ''}`);
      }
      return sums;
    },
  };
}
