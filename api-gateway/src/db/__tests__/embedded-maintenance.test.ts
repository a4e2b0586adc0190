import pino from 'pino';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../database';
import { EmbeddedMaintenance, startEmbeddedMaintenance } from '../embedded-maintenance';
import { capturedLog } from '../../../test-support/captured-log';

const capture = () => capturedLog<{ level: number; msg: string; table?: string }>('debug');

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A stand-in with a driver and two tables, whose VACUUM fails as told. */
function fakeDatabase(driver: Database['driver'], failFirst: boolean) {
  const vacuumed: string[] = [];
  const db = {
    driver,
    query: jest.fn(async () => ({ rows: [{ name: 'first' }, { name: 'second' }], rowCount: 2 })),
    exec: jest.fn(async (script: string) => {
      vacuumed.push(script);
      if (failFirst && vacuumed.length === 1) throw new Error('disk full');
    }),
  } as unknown as Database;
  return { db, vacuumed };
}

describe('on an embedded database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
  });
  afterAll(() => db.close());

  const tableStats = async (table: string) =>
    (
      await db.query<{ reltuples: number; relallvisible: number }>(
        'SELECT reltuples::float8 AS reltuples, relallvisible FROM pg_class WHERE oid = $1::regclass',
        [table],
      )
    ).rows[0];

  test('each table has its turn in name order, then the list is read again; a turn leaves statistics and visible pages', async () => {
    await db.exec(`
      CREATE TABLE "Quoted Name" (id int);
      CREATE TABLE rows_kept (id int PRIMARY KEY, note text);
      INSERT INTO rows_kept SELECT n, repeat('x', 100) FROM generate_series(1, 2000) AS n;
      DELETE FROM rows_kept WHERE id > 1000;`);
    // Never analysed (-1) and no page marked all-visible: nothing has vacuumed it.
    expect(await tableStats('rows_kept')).toEqual({ reltuples: -1, relallvisible: 0 });

    const { logger, lines } = capture();
    const maintenance = new EmbeddedMaintenance(db, logger);
    const turns = [
      await maintenance.vacuumNextTable(),
      await maintenance.vacuumNextTable(),
      await maintenance.vacuumNextTable(),
    ];

    expect(turns).toEqual(['"Quoted Name"', 'rows_kept', '"Quoted Name"']);
    const after = await tableStats('rows_kept');
    expect(after.reltuples).toBe(1000);
    expect(after.relallvisible).toBeGreaterThan(0);
    expect(lines.map((line) => line.table)).toEqual(turns);
  });

  test('the timer gives tables their turns until stopped', async () => {
    await db.exec(`CREATE TABLE later_rows (n int); INSERT INTO later_rows SELECT generate_series(1, 500)`);
    expect((await tableStats('later_rows')).reltuples).toBe(-1);
    const stop = startEmbeddedMaintenance(db, pino({ level: 'silent' }), 10);
    await until(async () => (await tableStats('later_rows')).reltuples === 500, 'later_rows to be analysed');
    await stop();
  });
});

test('nothing on PostgreSQL (its autovacuum does it), nor when turned off', async () => {
  const postgres = fakeDatabase('postgres', false);
  const turnedOff = fakeDatabase('pglite', false);
  const stops = [
    startEmbeddedMaintenance(postgres.db, pino({ level: 'silent' }), 5),
    startEmbeddedMaintenance(turnedOff.db, pino({ level: 'silent' }), 0),
  ];
  await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.all(stops.map((stop) => stop()));
  expect(postgres.vacuumed).toEqual([]);
  expect(turnedOff.vacuumed).toEqual([]);
});

test('a failed turn is logged and the next table has the next turn', async () => {
  const { db, vacuumed } = fakeDatabase('pglite', true);
  const { logger, lines } = capture();
  const stop = startEmbeddedMaintenance(db, logger, 5);
  await until(() => vacuumed.length >= 2, 'a second turn');
  await stop();
  expect(vacuumed.slice(0, 2)).toEqual(['VACUUM (ANALYZE) first', 'VACUUM (ANALYZE) second']);
  expect(lines.find((line) => line.msg === 'embedded database: vacuum failed')).toBeDefined();
});

test('EMBEDDED_VACUUM_SECONDS: 60 unless set, 0 turns it off, anything else is refused', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(40) };
  expect(loadConfig(base).embeddedVacuumSeconds).toBe(60);
  expect(loadConfig({ ...base, EMBEDDED_VACUUM_SECONDS: '0' }).embeddedVacuumSeconds).toBe(0);
  expect(loadConfig({ ...base, EMBEDDED_VACUUM_SECONDS: '300' }).embeddedVacuumSeconds).toBe(300);
  expect(() => loadConfig({ ...base, EMBEDDED_VACUUM_SECONDS: '-1' })).toThrow(/EMBEDDED_VACUUM_SECONDS/);
  expect(() => loadConfig({ ...base, EMBEDDED_VACUUM_SECONDS: 'hourly' })).toThrow(/EMBEDDED_VACUUM_SECONDS/);
});
