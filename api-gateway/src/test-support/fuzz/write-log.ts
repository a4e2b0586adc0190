import type { Sql } from '../../db/database';

/**
 * Which tables a call wrote, exactly, per call: a row trigger on every table of the schema notes the table in
 * `fuzz_writes` (test databases only), and the fuzzer takes the notes after each call. Checksums of every
 * table (row count and an md5 of the sorted rows) cross-check the triggers over a batch of refused calls.
 */
export interface WriteLog {
  clear(): Promise<void>;
  /** The tables written since the last take or clear (one entry per row written), and forgets them. */
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
  await db.query(`CREATE TABLE IF NOT EXISTS fuzz_writes (table_name text NOT NULL, op text NOT NULL)`);
  await db.query(`
    CREATE OR REPLACE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_writes (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
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
      const taken = await db.query<{ table_name: string }>('DELETE FROM fuzz_writes RETURNING table_name');
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
