import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { COMMISSION_UPLOAD_LIMITS, CommissionUploadMessages } from '@portal/contracts';
import type { CellValue, RefusalCode, SheetWorkerJob } from './sheet-worker-protocol';
import type { Container } from './workbook-container';

export type { CellValue } from './sheet-worker-protocol';

/** Limits of the one worker thread that reads one file. */
export const SHEET_WORKER_LIMITS = {
  /** V8 heap of the worker: SheetJS needs about 250 MB for 100k rows. */
  maxOldGenerationSizeMb: 768,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
  /** Wall clock from the worker's start to its answer: a backstop (crafted files are refused by their sizes first). */
  timeoutMs: 30_000,
  /** Workbooks read at once by one gateway process (each is a thread busy on a core). */
  concurrent: 2,
  /** Columns read; the template has five, more are reported as wrong columns. */
  maxColumns: 12,
} as const;

/** The worker said no, or could not finish: the message for the caller. */
export class WorkbookRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly status = 400,
  ) {
    const text = CommissionUploadMessages[code];
    super(typeof text === 'string' ? text : CommissionUploadMessages.unreadable);
  }
}

/** The first sheet: `rows[r][c]`, row 0 the header. */
export interface SheetRows {
  rows: CellValue[][];
  date1904: boolean;
}

/**
 * The worker is sheet-worker.js beside this file once built; under tsx (development, tests, bench) it is the
 * .ts file, which the worker loads through tsx's CommonJS hook.
 */
const WORKER_FILE = path.join(__dirname, `sheet-worker${path.extname(__filename)}`);
const WORKER_EXEC_ARGV = __filename.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : [];

let running = 0;

/**
 * Reads the first sheet of a checked workbook in a fresh worker thread with memory and time limits. Rejects
 * only with a WorkbookRefusal.
 */
export async function readWorkbook(file: Buffer, container: Container): Promise<SheetRows> {
  return readInWorker(file, {
    entries: container.kind === 'zip' ? container.entries : [],
    maxRows: COMMISSION_UPLOAD_LIMITS.maxRows,
    maxColumns: SHEET_WORKER_LIMITS.maxColumns,
  });
}

/**
 * Reads UTF-8 delimited text (CSV, lib/csv-rows.ts) in the same kind of worker, with the same limits and
 * refusals: a file that is not such a table is refused, never an error of the gateway.
 */
export async function readDelimitedText(
  file: Buffer,
  limits: { maxRows: number; maxColumns: number },
): Promise<SheetRows> {
  return readInWorker(file, { entries: [], ...limits, format: 'csv' });
}

async function readInWorker(file: Buffer, job: Omit<SheetWorkerJob, 'file'>): Promise<SheetRows> {
  if (running >= SHEET_WORKER_LIMITS.concurrent) throw new WorkbookRefusal('busy', 503);
  running++;
  try {
    return believe(await runWorker(file, job), job.maxRows, job.maxColumns);
  } finally {
    running--;
  }
}

function runWorker(file: Buffer, options: Omit<SheetWorkerJob, 'file'>): Promise<unknown> {
  // The worker owns its copy: the request's buffer may be a slice of a shared pool.
  const copy = new Uint8Array(file);
  const job: SheetWorkerJob = { file: copy, ...options };
  const worker = new Worker(WORKER_FILE, {
    workerData: job,
    transferList: [copy.buffer],
    execArgv: WORKER_EXEC_ARGV,
    resourceLimits: {
      maxOldGenerationSizeMb: SHEET_WORKER_LIMITS.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: SHEET_WORKER_LIMITS.maxYoungGenerationSizeMb,
      stackSizeMb: SHEET_WORKER_LIMITS.stackSizeMb,
    },
    // SheetJS writes warnings to the console; a crafted file must not fill the gateway's log.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise((resolve, reject) => {
    const end = (outcome: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => end(() => reject(new WorkbookRefusal('tooSlow'))),
      SHEET_WORKER_LIMITS.timeoutMs,
    );
    worker.once('message', (message: unknown) => end(() => resolve(message)));
    worker.once('error', (error: Error & { code?: string }) =>
      end(() =>
        reject(
          new WorkbookRefusal(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'unpacksTooLarge' : 'unreadable'),
        ),
      ),
    );
    worker.once('exit', () => end(() => reject(new WorkbookRefusal('unreadable'))));
  });
}

/** A plain value: text, a finite number, a boolean or null. */
const isCell = (value: unknown): value is CellValue =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  value === null ||
  (typeof value === 'number' && Number.isFinite(value));

/**
 * Only the promised shape is believed, anything else is an unreadable file: rows (at most the cap, the header
 * and one more) of at most maxColumns plain values; or a refusal naming a known message.
 */
export function believe(
  message: unknown,
  maxRows: number = COMMISSION_UPLOAD_LIMITS.maxRows,
  maxColumns: number = SHEET_WORKER_LIMITS.maxColumns,
): SheetRows {
  const answer = (typeof message === 'object' && message !== null ? message : {}) as {
    ok?: unknown;
    code?: unknown;
    rows?: unknown;
    date1904?: unknown;
  };
  if (answer.ok !== true) {
    const known = typeof answer.code === 'string' && Object.hasOwn(CommissionUploadMessages, answer.code);
    throw new WorkbookRefusal(known ? (answer.code as RefusalCode) : 'unreadable');
  }
  const rows = answer.rows;
  if (!Array.isArray(rows) || rows.length > maxRows + 2) throw new WorkbookRefusal('unreadable');
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row) || row.length > maxColumns) throw new WorkbookRefusal('unreadable');
    // A plain loop: a sparse array's holes are undefined here, and refused.
    for (let c = 0; c < row.length; c++) if (!isCell(row[c])) throw new WorkbookRefusal('unreadable');
  }
  return { rows: rows as CellValue[][], date1904: answer.date1904 === true };
}
