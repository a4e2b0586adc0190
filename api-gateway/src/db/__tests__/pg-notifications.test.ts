import { Pool } from 'pg';
import { pgListen } from '../pg-notifications';

const databaseUrl = process.env.DATABASE_URL;
const onPostgres = databaseUrl ? test : test.skip;

onPostgres("a commit's own notice is handled before the query that made it resolves", async () => {
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  // The dedicated connection cannot connect here: only the pooled connections' own notices can arrive.
  const listen = pgListen(pool, 'postgres://postgres@127.0.0.1:1/nowhere');
  const channel = `own_notice_${process.pid}_${Date.now()}`;
  const heard: string[] = [];
  const statuses: boolean[] = [];
  const stop = await listen(
    channel,
    (payload) => heard.push(payload),
    (up) => statuses.push(up),
  );
  try {
    expect(statuses).toEqual([false]);
    await pool.query(`SELECT pg_notify($1, 'autocommit')`, [channel]);
    expect(heard).toEqual(['autocommit']);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_notify($1, 'in a transaction')`, [channel]);
      expect(heard).toEqual(['autocommit']); // nothing before the commit
      await client.query('COMMIT');
      expect(heard).toEqual(['autocommit', 'in a transaction']);
    } finally {
      client.release();
    }
  } finally {
    await stop();
    await pool.end();
  }
});

onPostgres('a dropped listening connection is reported and re-established', async () => {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  const channel = `dropped_${process.pid}_${Date.now()}`;
  const statuses: boolean[] = [];
  const heard: string[] = [];
  const stop = await pgListen(pool, databaseUrl!)(
    channel,
    (payload) => heard.push(payload),
    (up) => statuses.push(up),
  );
  const other = new Pool({ connectionString: databaseUrl, max: 1 });
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(check()).toBe(true);
  };
  try {
    expect(statuses).toEqual([true]);
    await other.query(`SELECT pg_notify($1, 'from another process')`, [channel]);
    await until(() => heard.includes('from another process'));
    await other.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
      `portal-listen-${process.pid}`,
    ]);
    await until(() => statuses.length === 3);
    expect(statuses).toEqual([true, false, true]);
    await other.query(`SELECT pg_notify($1, 'after the reconnect')`, [channel]);
    await until(() => heard.includes('after the reconnect'));
  } finally {
    await stop();
    await other.end();
    await pool.end();
  }
});
