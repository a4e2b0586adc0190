import { Worker } from 'node:worker_threads';
import { COMMISSION_UPLOAD_LIMITS, CommissionUploadMessages } from '@portal/contracts';
import { CONTAINER_LIMITS, type Container } from './workbook-container';
import { SHEET_WORKER_SOURCE } from './sheet-worker-source';

/** Limits of the one worker thread that reads one file. */
export const SHEET_WORKER_LIMITS = {
  /** V8 heap of the worker: 100k rows need about 250 MB in SheetJS. */
  maxOldGenerationSizeMb: 768,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
  /** Wall clock, from start to the posted rows. */
  timeoutMs: 60_000,
  /** Workbooks read at once by one gateway process (each is a thread busy on a core). */
  concurrent: 2,
  /** Columns read; the template has five, more are reported as wrong columns. */
  maxColumns: 12,
  /** A worker started ahead for the next upload ends after this long unused. */
  spareIdleMs: 10 * 60_000,
} as const;

export type CellValue = string | number | boolean | null;

/** The first sheet's cells column by column: `columns[c][r]`, row 0 the header, every column `rowCount` long. */
export interface SheetRows {
  columns: CellValue[][];
  rowCount: number;
  date1904: boolean;
}

type RefusalCode = keyof typeof CommissionUploadMessages;

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

const XLSX_PATH = require.resolve('xlsx');
let running = 0;

/**
 * Reads the first sheet of a checked workbook in a fresh worker thread with memory and time limits, and
 * answers its cells as plain values (header row first). Never throws anything but a WorkbookRefusal.
 */
export async function readWorkbook(file: Buffer, container: Container): Promise<SheetRows> {
  if (running >= SHEET_WORKER_LIMITS.concurrent) throw new WorkbookRefusal('busy', 503);
  running++;
  try {
    return await runWorker(file, container);
  } finally {
    running--;
  }
}

function startWorker(): Worker {
  const worker = new Worker(SHEET_WORKER_SOURCE, {
    eval: true,
    workerData: {
      xlsxPath: XLSX_PATH,
      maxRows: COMMISSION_UPLOAD_LIMITS.maxRows,
      maxUnpackedBytes: CONTAINER_LIMITS.maxUnpackedBytes,
      maxColumns: SHEET_WORKER_LIMITS.maxColumns,
    },
    resourceLimits: {
      maxOldGenerationSizeMb: SHEET_WORKER_LIMITS.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: SHEET_WORKER_LIMITS.maxYoungGenerationSizeMb,
      stackSizeMb: SHEET_WORKER_LIMITS.stackSizeMb,
    },
    stdout: true,
    stderr: true,
  });
  return worker;
}

/** A worker started ahead with SheetJS loaded, which has seen no file yet; used for one file only. */
let spare: Worker | undefined;

/**
 * Starts the next upload's worker ahead of it (thread start and loading SheetJS are about a third of a parse),
 * when the upload screen opens. It never keeps the process alive and ends after `spareIdleMs` unused.
 */
export function prepareSheetWorker(): void {
  if (spare) return;
  const worker = startWorker();
  worker.unref();
  const forget = () => {
    if (spare === worker) spare = undefined;
  };
  worker.on('error', forget);
  worker.on('exit', forget);
  setTimeout(() => {
    if (spare !== worker) return;
    spare = undefined;
    void worker.terminate();
  }, SHEET_WORKER_LIMITS.spareIdleMs).unref();
  spare = worker;
}

/** Tests: whether a worker started ahead is waiting for a file. */
export const spareWorkerWaiting = (): boolean => spare !== undefined;

function runWorker(file: Buffer, container: Container): Promise<SheetRows> {
  const worker = spare ?? startWorker();
  spare = undefined;
  worker.ref();
  // SheetJS writes warnings to the console; a crafted file must not fill the gateway's log. (Read only from
  // here on: flowing streams would keep the process alive for a worker waiting unused.)
  worker.stdout.resume();
  worker.stderr.resume();
  // The worker owns its copy: the request's buffer may be a slice of a shared pool.
  const copy = new Uint8Array(file);
  return new Promise<SheetRows>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new WorkbookRefusal('tooSlow'))),
      SHEET_WORKER_LIMITS.timeoutMs,
    );
    worker.on('message', (message: unknown) => finish(() => settle(message, resolve, reject)));
    worker.on('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          new WorkbookRefusal(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'unpacksTooLarge' : 'unreadable'),
        ),
      ),
    );
    worker.on('exit', () => finish(() => reject(new WorkbookRefusal('unreadable'))));
    worker.postMessage(
      { file: copy, kind: container.kind, entries: container.kind === 'zip' ? container.entries : [] },
      [copy.buffer],
    );
  });
}

/** A plain value: text, a finite number, a boolean or null. */
function isCell(value: unknown): value is CellValue {
  switch (typeof value) {
    case 'string':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    default:
      return value === null;
  }
}

/** Only arrays of plain values, of the promised shape, are believed; anything else is an unreadable file. */
export function believeAnswer(message: unknown): SheetRows | WorkbookRefusal {
  if (typeof message !== 'object' || message === null) return new WorkbookRefusal('unreadable');
  const answer = message as {
    ok?: unknown;
    code?: unknown;
    columns?: unknown;
    rowCount?: unknown;
    date1904?: unknown;
  };
  if (answer.ok !== true) {
    const code = typeof answer.code === 'string' ? answer.code : 'unreadable';
    return new WorkbookRefusal(
      Object.prototype.hasOwnProperty.call(CommissionUploadMessages, code)
        ? (code as RefusalCode)
        : 'unreadable',
    );
  }
  const { columns, rowCount } = answer;
  if (
    !Array.isArray(columns) ||
    columns.length > SHEET_WORKER_LIMITS.maxColumns ||
    typeof rowCount !== 'number' ||
    !Number.isSafeInteger(rowCount) ||
    rowCount < 0 ||
    rowCount > COMMISSION_UPLOAD_LIMITS.maxRows + 2 ||
    rowCount > 0 !== columns.length > 0
  )
    return new WorkbookRefusal('unreadable');
  for (const column of columns as unknown[]) {
    if (!Array.isArray(column) || column.length !== rowCount) return new WorkbookRefusal('unreadable');
    // A plain loop: a sparse array's holes are undefined here, and refused.
    for (let r = 0; r < rowCount; r++) if (!isCell(column[r])) return new WorkbookRefusal('unreadable');
  }
  return { columns: columns as CellValue[][], rowCount, date1904: answer.date1904 === true };
}

function settle(
  message: unknown,
  resolve: (rows: SheetRows) => void,
  reject: (error: WorkbookRefusal) => void,
): void {
  const answer = believeAnswer(message);
  if (answer instanceof WorkbookRefusal) reject(answer);
  else resolve(answer);
}
