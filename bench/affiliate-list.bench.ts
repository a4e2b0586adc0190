/**
 * Affiliate list at scale: 50k affiliates, first page (and a few other pages) of GET /api/backoffice/affiliate
 * through the real app over HTTP, against a naive count(*) + OFFSET query measured in the same run.
 * Target (issue 5): first page < 300 ms server time.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx affiliate-list.bench.ts [affiliates=50000]
 *   DATABASE_URL=postgres://... (same command) runs it on a PostgreSQL server in a throwaway schema.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Sql } from '../api-gateway/src/db/database';
import { issueSession } from '../api-gateway/src/http/session';
import { createTestApp } from '../api-gateway/test-support/test-app';

const AFFILIATES = Number(process.argv[2] ?? 50_000);
const RUNS = 20;
const TARGET_MS = 300;

const FIRST = [
  'Amaka',
  'Tunde',
  'Ngozi',
  'Emeka',
  'Funmi',
  'Chidi',
  'Bisi',
  'Segun',
  'Halima',
  'Musa',
  'Ada',
  'Kunle',
  'Zainab',
  'Ifeanyi',
  'Yemi',
  'Obinna',
  'Aisha',
  'Tobi',
  'Uche',
  'Kemi',
];
const LAST = [
  'Eze',
  'Bakare',
  'Obi',
  'Nwosu',
  'Adeyemi',
  'Okafor',
  'Balogun',
  'Bello',
  'Ibrahim',
  'Okeke',
  'Adebayo',
  'Lawal',
  'Danjuma',
  'Onyeka',
  'Ogunleye',
  'Nnamdi',
  'Yusuf',
  'Afolabi',
  'Chukwu',
  'Salami',
];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/** Set-based: one INSERT per table, names and dates derived from the row number. */
async function seed(sql: Sql, count: number): Promise<void> {
  await sql.exec(`
    INSERT INTO users (user_id, full_name, email, role_id, phone_code, mobile_number, country_id, created_on)
    SELECT 100000 + g,
           (${sqlArray(FIRST)})[1 + g % 20] || ' ' || (${sqlArray(LAST)})[1 + (g / 20) % 20],
           'affiliate' || g || '@bench.test', 3, '+234', (8000000000 + g)::text, 1,
           timestamptz '2024-01-01 00:00:00+00' + g * interval '17 minutes'
      FROM generate_series(1, ${count}) g;
    INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type, nin_or_bvn,
                            bank_id, account_number, status, created_date)
    SELECT u.user_id, u.full_name, u.email, 1, '+234', u.mobile_number, 'BVN',
           (22000000000 + (u.user_id - 100000) * 7919 % 9999999999)::text, 1 + u.user_id % 26,
           lpad((u.user_id - 100000)::text, 10, '0'),
           (ARRAY['KYC Pending', 'KYC Complete', 'KYC Complete', 'KYC Rejected', 'Inactive'])[1 + u.user_id % 5],
           u.created_on
      FROM users u WHERE u.role_id = 3 AND u.user_id > 100000;
    INSERT INTO users (user_id, full_name, email, role_id) VALUES (1, 'Bench Admin', 'admin@bench.test', 1);
    SELECT setval(pg_get_serial_sequence('users', 'user_id'), (SELECT max(user_id) FROM users));
  `);
  await sql.exec('VACUUM ANALYZE affiliates');
  await sql.exec('VACUUM ANALYZE users');
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
  };
}

async function time(fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

async function main() {
  // A fresh app on in-memory PGlite, or on a throwaway schema of the server named by DATABASE_URL.
  const t = await createTestApp();
  const { ctx } = t;
  const db = ctx.db;
  try {
    const seedStart = performance.now();
    await seed(db, AFFILIATES);
    console.log(
      `driver ${db.driver}; seeded ${AFFILIATES} affiliates in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/backoffice/affiliate`;
    const { token } = await issueSession(ctx, db, 1, {});
    const headers = { Authorization: `Bearer ${token}` };
    const lastPage = Math.ceil(AFFILIATES / 10);

    const call = async (query: string) => {
      const res = await fetch(`${base}?${query}`, { headers });
      if (!res.ok) throw new Error(`${query}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const naive = async (where: string, params: unknown[], offset: number) => {
      await db.query(`SELECT count(*) FROM affiliates ${where}`, params);
      await db.query(
        `SELECT * FROM affiliates ${where} ORDER BY created_date DESC, affiliate_id DESC LIMIT 10 OFFSET ${offset}`,
        params,
      );
    };
    const search = `lower(affiliate_code || ' ' || full_name || ' ' || email || ' ' || mobile_number) LIKE $1`;

    const scenarios: [string, string, () => Promise<unknown>][] = [
      ['first page, no filter', 'page=1', () => naive('', [], 0)],
      [
        'first page, status=pending',
        'page=1&status=pending',
        () => naive('WHERE status = $1', ['KYC Pending'], 0),
      ],
      [
        'first page, search "amaka" (1 in 20)',
        'page=1&search=amaka',
        () => naive(`WHERE ${search}`, ['%amaka%'], 0),
      ],
      [
        'first page, search one code',
        'page=1&search=AFF125000',
        () => naive(`WHERE ${search}`, ['%aff125000%'], 0),
      ],
      [
        'first page, search "ng" (2 chars, no trigram)',
        'page=1&search=ng',
        () => naive(`WHERE ${search}`, ['%ng%'], 0),
      ],
      [
        'first page, search + status',
        'page=1&search=okafor&status=active',
        () => naive(`WHERE ${search} AND status = $2`, ['%okafor%', 'KYC Complete'], 0),
      ],
      [`last page (${lastPage}), no filter`, `page=${lastPage}`, () => naive('', [], (lastPage - 1) * 10)],
    ];

    console.log(
      `\nGET /api/backoffice/affiliate over HTTP, ${RUNS} runs after 3 warm-ups (ms); target first page < ${TARGET_MS} ms`,
    );
    console.log(
      'scenario'.padEnd(48),
      'median'.padStart(8),
      'p95'.padStart(8),
      'naive SQL'.padStart(10),
      'ours/naive'.padStart(11),
      '  vs target',
    );
    for (const [name, query, baseline] of scenarios) {
      const ours = await time(() => call(query));
      const naiveTime = await time(baseline);
      console.log(
        name.padEnd(48),
        ours.median.toFixed(1).padStart(8),
        ours.p95.toFixed(1).padStart(8),
        naiveTime.median.toFixed(1).padStart(10),
        (ours.median / naiveTime.median).toFixed(2).padStart(11),
        `  ${ours.p95 < TARGET_MS ? 'ok' : 'MISSED'} (p95 ${(ours.p95 / TARGET_MS).toFixed(2)} of target)`,
      );
    }
    const all = await time(async () => (await fetch(base, { headers })).arrayBuffer());
    console.log(
      `\nno-parameter call (all ${AFFILIATES} as one array, compatibility): median ${all.median.toFixed(0)} ms`,
    );
    server.close();
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
