/**
 * Commission rates upload at 100k rows: `POST /api/master/commision/upload` end to end (multipart, container
 * checks, the worker thread that reads the sheet, the rules of every row, the affiliate lookup, one transaction
 * of inserts, recompute and audit), after the upload screen was opened, ÷ SheetJS reading the same file alone,
 * each in a child process of its own so its time and peak RSS are its own. Target (issue 12): ratio ≤ 1.5.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx commission-upload.bench.ts [rows=100000] [rounds=3]
 *
 * RANGE_ROWS=n sets the rows per range the worker reads; PROFILE_DIR=dir writes V8 CPU profiles of each child's
 * threads (the gateway's, the worker's) there.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as XLSX from 'xlsx';
import { COMMISSION_COLUMNS } from '@portal/contracts';
import { issueSession } from '../api-gateway/src/http/session';
import * as sheetReader from '../api-gateway/src/modules/commission-upload/read-workbook';
import { median, send, startGateway } from './gateway-harness';

const AFFILIATES = 2_000;
const CATEGORIES = ['Beverages', 'Groceries', 'Personal Care', 'Household', 'Baby Care', 'Snacks'];
const TARGET = 1.5;
const PICKING_A_FILE_MS = 3_000;

type Mode = 'parse' | 'upload';

interface ChildResult {
  mode: Mode;
  seconds: number;
  cpuSeconds: number;
  /** Minor page faults in the measured part: memory touched for the first time (costly on a nested VM). */
  pageFaults: number;
  maxRssMb: number;
  detail: string;
}

/** 100k distinct rates: affiliate × category × a date, typed like an admin would (Excel date cells). */
function buildFile(rows: number, file: string): number {
  const aoa: (string | number | Date)[][] = [[...COMMISSION_COLUMNS]];
  for (let i = 0; i < rows; i++) {
    const affiliate = `AFF${200001 + (i % AFFILIATES)}`;
    const category = CATEGORIES[Math.floor(i / AFFILIATES) % CATEGORIES.length];
    const day = Math.floor(i / (AFFILIATES * CATEGORIES.length));
    aoa.push([
      affiliate,
      1 + (i % 900) / 100,
      category,
      1000 * (i % 20),
      new Date(Date.UTC(2025, 0, 1 + day)),
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Commission');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  writeFileSync(file, data);
  return data.length;
}

/** What the worker does with SheetJS, and nothing else: the baseline. */
function parseAlone(file: string): string {
  const book = XLSX.read(readFileSync(file), sheetReader.SHEET_READ_OPTIONS);
  const sheet = book.Sheets[book.SheetNames[0]];
  return `${XLSX.utils.decode_range(sheet['!ref'] ?? 'A1').e.r} rows`;
}

function multipart(file: Buffer, name: string): { body: Buffer; type: string } {
  const boundary = `bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="${name}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  return {
    body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function uploadEndToEnd(
  file: string,
): Promise<{ seconds: number; cpuSeconds: number; pageFaults: number; detail: string }> {
  // RANGE_ROWS=n: the rows per range the sheet worker reads (0: the whole sheet at once), on code that has them.
  if (process.env.RANGE_ROWS !== undefined) {
    const set: unknown = (sheetReader as Record<string, unknown>).setSheetRangeRows;
    if (typeof set === 'function') set(Number(process.env.RANGE_ROWS));
  }
  const gateway = await startGateway();
  try {
    await gateway.ctx.db.exec(`
      INSERT INTO users (full_name, email, role_id, phone_code, mobile_number, country_id)
      SELECT 'Affiliate ' || g, 'bench.affiliate' || g || '@bench.test', 3, '+234', (8100000000 + g)::text, 1
        FROM generate_series(1, ${AFFILIATES}) g;
      INSERT INTO affiliates (user_id, affiliate_code, full_name, email, country_id, phone_code, mobile_number,
                              identity_type, nin_or_bvn, bank_id, account_number, status)
      SELECT user_id, 'AFF' || (200000 + row_number() OVER (ORDER BY user_id)), full_name, email, 1, '+234',
             mobile_number, 'BVN', (22000000000 + user_id * 7919)::text, 1, lpad(user_id::text, 10, '0'), 'KYC Complete'
        FROM users WHERE email LIKE 'bench.affiliate%';
    `);
    const { rows } = await gateway.ctx.db.query<{ user_id: number }>(
      `SELECT user_id FROM users WHERE email = 'admin@example.com'`,
    );
    const session = await issueSession(gateway.ctx, gateway.ctx.db, Number(rows[0].user_id), {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    // The admin opens the upload screen (its history is read, and the next file's worker starts), then picks
    // the file a few seconds later.
    const history = await send(`${gateway.baseUrl}/api/master/commision/uploads`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    if (history.status !== 200) throw new Error(`upload history answered ${history.status}`);
    await new Promise((resolve) => setTimeout(resolve, PICKING_A_FILE_MS));
    const form = multipart(readFileSync(file), 'rates.xlsx');
    // PROBE_MS=n: another admin's cheap call (the upload history) every n ms during the upload, its waits
    // reported (a separate run: the probes cost the upload some time of their own).
    const probeMs = Number(process.env.PROBE_MS ?? 0);
    const probe = async (): Promise<number> => {
      const at = performance.now();
      await send(`${gateway.baseUrl}/api/master/commision/uploads`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      return performance.now() - at;
    };
    const idle: number[] = [];
    if (probeMs > 0) for (let i = 0; i < 10; i++) idle.push(await probe());
    // Each call is due every probeMs from the start and its wait counted from when it was due: the gateway
    // runs in this process, so a call due while its event loop is busy (PGlite statements run synchronously)
    // waits from then, as another admin's call would.
    const probes: number[] = [];
    let uploading = true;
    const probing = (async () => {
      if (!(probeMs > 0)) return;
      const start = performance.now();
      for (let k = 0; uploading; k++) {
        const due = start + k * probeMs;
        const early = due - performance.now();
        if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
        await probe();
        probes.push(performance.now() - due);
      }
    })();
    const cpu = process.cpuUsage();
    const faults = process.resourceUsage().minorPageFault;
    const started = performance.now();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${gateway.baseUrl}/api/master/commision/upload`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${session.token}`,
          'Content-Type': form.type,
          'Content-Length': String(form.body.length),
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(form.body);
    });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const pageFaults = process.resourceUsage().minorPageFault - faults;
    uploading = false;
    await probing;
    if (answer.status !== 200)
      throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const stored = await gateway.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM commission_rates');
    return {
      seconds,
      cpuSeconds: (used.user + used.system) / 1e6,
      pageFaults,
      detail:
        `${stored.rows[0].n} rates stored` +
        (probeMs > 0
          ? `; history calls during the upload: ${probes.length}, median ${median(probes).toFixed(0)} ms, ` +
            `max ${Math.max(...probes).toFixed(0)} ms, ${probes.filter((ms) => ms > 250).length} over 250 ms ` +
            `(idle median ${median(idle).toFixed(0)} ms)`
          : ''),
    };
  } finally {
    await gateway.close();
  }
}

/** Time and CPU (this process, its threads included) of the measured part only. */
async function child(mode: Mode, file: string): Promise<ChildResult> {
  let seconds: number;
  let cpuSeconds: number;
  let pageFaults: number;
  let detail: string;
  if (mode === 'parse') {
    const cpu = process.cpuUsage();
    const faults = process.resourceUsage().minorPageFault;
    const started = performance.now();
    detail = parseAlone(file);
    seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    cpuSeconds = (used.user + used.system) / 1e6;
    pageFaults = process.resourceUsage().minorPageFault - faults;
  } else {
    ({ seconds, cpuSeconds, pageFaults, detail } = await uploadEndToEnd(file));
  }
  return {
    mode,
    seconds,
    cpuSeconds,
    pageFaults,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    detail,
  };
}

const faultsK = (result: ChildResult) => `${(result.pageFaults / 1000).toFixed(0)}k`;

function runChild(mode: Mode, file: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    // PROFILE_DIR=dir: each child writes V8 CPU profiles of its threads there (the worker's included).
    const profile = process.env.PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`, '--cpu-prof-interval=250']
      : [];
    const proc = fork(__filename, ['--child', mode, file], {
      execArgv: [...process.execArgv, ...profile],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    proc.once('message', (message) => resolve(message as ChildResult));
    proc.once('error', reject);
    proc.once('exit', (code) => code && reject(new Error(`${mode} child exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 100_000);
  const rounds = Number(process.argv[3] ?? 3);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-commission-'));
  const file = path.join(dir, 'rates.xlsx');
  try {
    const bytes = buildFile(rows, file);
    console.log(
      `${rows.toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB .xlsx, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
    );
    const parses: ChildResult[] = [];
    const uploads: ChildResult[] = [];
    // Alternated round by round, so a busy neighbour weighs on both alike.
    for (let round = 0; round < rounds; round++) {
      parses.push(await runChild('parse', file));
      uploads.push(await runChild('upload', file));
      const [p, u] = [parses[round], uploads[round]];
      console.log(
        `round ${round + 1}: SheetJS alone ${p.seconds.toFixed(2)} s (CPU ${p.cpuSeconds.toFixed(2)} s, ${faultsK(p)} page faults, peak RSS ${p.maxRssMb.toFixed(0)} MB, ${p.detail}); ` +
          `upload end to end ${u.seconds.toFixed(2)} s (CPU ${u.cpuSeconds.toFixed(2)} s, ${faultsK(u)} page faults, peak RSS ${u.maxRssMb.toFixed(0)} MB, ${u.detail}); ` +
          `×${(u.seconds / p.seconds).toFixed(2)} (CPU ×${(u.cpuSeconds / p.cpuSeconds).toFixed(2)})`,
      );
    }
    const parse = median(parses.map((r) => r.seconds));
    const upload = median(uploads.map((r) => r.seconds));
    const cpuRatio = median(uploads.map((u, i) => u.cpuSeconds / parses[i].cpuSeconds));
    console.log(
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} median: SheetJS alone ${parse.toFixed(2)} s, upload ${upload.toFixed(2)} s, ` +
        `ratio ×${(upload / parse).toFixed(2)} (target ≤ ${TARGET}); CPU ratio ×${cpuRatio.toFixed(2)}; peak RSS: SheetJS alone ${Math.max(...parses.map((r) => r.maxRssMb)).toFixed(0)} MB, ` +
        `gateway with the upload ${Math.max(...uploads.map((r) => r.maxRssMb)).toFixed(0)} MB`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  child(process.argv[3] as Mode, process.argv[4]).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
