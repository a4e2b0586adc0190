import { Worker } from 'node:worker_threads';
import { COMMISSION_UPLOAD_LIMITS, CommissionUploadMessages } from '@portal/contracts';
import { CONTAINER_LIMITS, type Container } from './workbook-container';
import { SHEET_WORKER_SOURCE } from './sheet-worker-source';

/** Limits of the one worker thread that reads one file. */
export const SHEET_WORKER_LIMITS = {
  /** V8 heap of the worker: 100k rows need about 250 MB in SheetJS. */
  maxOldGenerationSizeMb: 768,
  /**
   * SheetJS makes short-lived strings and cells by the million, but what is alive at a collection is about one
   * range (1,000 rows): a small young generation collects it cheaply, and a large one costs fresh pages, which
   * the kernel must clear (256 MB: ~61k page faults and ~130 MB more RSS per 100k-row file; bench/README.md,
   * session 11).
   */
  maxYoungGenerationSizeMb: 48,
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

/** Rows firstRow.. of the first sheet, column by column: `columns[c][i]` is row `firstRow + i` (0 the header). */
export interface SheetRange {
  firstRow: number;
  rowCount: number;
  columns: CellValue[][];
}

/** What a reading gives, in order: ranges of rows (each after the one before), then the end. */
export type SheetEvent =
  /** ending: a range near the sheet's end (the worker cuts those short): what waits to be stored should go now. */
  | { done: false; range: SheetRange; date1904: boolean; ending: boolean }
  /** rowCount: the sheet's rows as one whole read would count them (0: no cell at all). */
  | { done: true; rowCount: number; date1904: boolean };

/** One file being read by its worker thread; close() ends the thread (always call it). */
export interface SheetReading {
  /** The next event; rejects with a WorkbookRefusal. */
  next(): Promise<SheetEvent>;
  close(): void;
}

const XLSX_PATH = require.resolve('xlsx');

/**
 * The one way SheetJS reads an upload (the worker's `XLSX.read`, and the benchmark's baseline): dense, the
 * first sheet only, no formulas, styles, macros or other extras.
 */
export const SHEET_READ_OPTIONS = {
  type: 'buffer',
  dense: true,
  // The header, the cap, and one row more to tell that the cap was passed.
  sheetRows: COMMISSION_UPLOAD_LIMITS.maxRows + 2,
  sheets: 0,
  cellFormula: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  cellText: false,
  cellDates: false,
  bookVBA: false,
  bookDeps: false,
  bookFiles: false,
  bookProps: false,
  WTF: false,
} as const;
let running = 0;

/**
 * Rows per range the worker cuts the first sheet into (0: the whole sheet in one read); the gateway writes a
 * few ranges at a time (rate-store.ts). Measured on 100k rows: see bench/README.md; tests set a small one to
 * cross range edges.
 */
let rangeRows = 1_000;
export function setSheetRangeRows(rows: number): void {
  rangeRows = rows;
  if (spare) {
    void spare.terminate();
    spare = undefined;
  }
}

/**
 * Reads the first sheet of a checked workbook in a fresh worker thread with memory and time limits, range
 * after range of rows as the worker reads them. Throws (at once) only a WorkbookRefusal for a busy gateway.
 */
export function readWorkbookRanges(file: Buffer, container: Container): SheetReading {
  if (running >= SHEET_WORKER_LIMITS.concurrent) throw new WorkbookRefusal('busy', 503);
  running++;
  let released = false;
  const reading = runWorker(file, container);
  return {
    next: reading.next,
    close() {
      reading.close();
      if (!released) {
        released = true;
        running--;
      }
    },
  };
}

function startWorker({ warmUp }: { warmUp: boolean }): Worker {
  const worker = new Worker(SHEET_WORKER_SOURCE, {
    eval: true,
    workerData: {
      xlsxPath: XLSX_PATH,
      maxRows: COMMISSION_UPLOAD_LIMITS.maxRows,
      maxUnpackedBytes: CONTAINER_LIMITS.maxUnpackedBytes,
      maxColumns: SHEET_WORKER_LIMITS.maxColumns,
      rangeRows,
      readOptions: SHEET_READ_OPTIONS,
      warmUp,
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

/**
 * A worker started ahead with SheetJS loaded and run on a few workbooks it made itself (V8 has compiled the
 * reading before the file comes), which has seen no uploaded file yet; used for one file only.
 */
let spare: Worker | undefined;

/**
 * Starts the next upload's worker ahead of it (thread start and loading SheetJS are about a third of a parse),
 * when the upload screen opens. It never keeps the process alive and ends after `spareIdleMs` unused.
 */
export function prepareSheetWorker(): void {
  if (spare) return;
  const worker = startWorker({ warmUp: true });
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

function runWorker(file: Buffer, container: Container): SheetReading {
  const worker = spare ?? startWorker({ warmUp: false });
  spare = undefined;
  worker.ref();
  // SheetJS writes warnings to the console; a crafted file must not fill the gateway's log. (Read only from
  // here on: flowing streams would keep the process alive for a worker waiting unused.)
  worker.stdout.resume();
  worker.stderr.resume();
  // The worker owns its copy: the request's buffer may be a slice of a shared pool.
  const copy = new Uint8Array(file);
  const events: SheetEvent[] = [];
  let failure: WorkbookRefusal | undefined;
  let ended = false;
  let waiting: { resolve: (event: SheetEvent) => void; reject: (error: WorkbookRefusal) => void } | undefined;
  let lastRow = -1;
  const wake = () => {
    if (!waiting) return;
    const { resolve, reject } = waiting;
    if (events.length) {
      waiting = undefined;
      resolve(events.shift()!);
    } else if (failure) {
      waiting = undefined;
      reject(failure);
    }
  };
  const end = (refusal?: WorkbookRefusal) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    void worker.terminate();
    if (refusal) failure = refusal;
    wake();
  };
  const timer = setTimeout(() => end(new WorkbookRefusal('tooSlow')), SHEET_WORKER_LIMITS.timeoutMs);
  worker.on('message', (message: unknown) => {
    if (ended) return;
    const event = believeEvent(message, lastRow);
    if (event instanceof WorkbookRefusal) return end(event);
    if (event.done) {
      events.push(event);
      return end();
    }
    lastRow = event.range.firstRow + event.range.rowCount - 1;
    events.push(event);
    wake();
  });
  worker.on('error', (error: Error & { code?: string }) =>
    end(new WorkbookRefusal(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'unpacksTooLarge' : 'unreadable')),
  );
  worker.on('exit', () => end(new WorkbookRefusal('unreadable')));
  worker.postMessage(
    { file: copy, kind: container.kind, entries: container.kind === 'zip' ? container.entries : [] },
    [copy.buffer],
  );
  return {
    next: () =>
      new Promise<SheetEvent>((resolve, reject) => {
        if (waiting) throw new Error('one next() at a time');
        waiting = { resolve, reject };
        wake();
      }),
    close: () => end(new WorkbookRefusal('unreadable')),
  };
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

const isCount = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/**
 * Only the promised shapes are believed, anything else is an unreadable file: a range of columns of plain
 * values, each as long as the range, after the last row believed (`lastRow`) and within the row cap + 1; or
 * the end; or a refusal code.
 */
export function believeEvent(message: unknown, lastRow = -1): SheetEvent | WorkbookRefusal {
  if (typeof message !== 'object' || message === null) return new WorkbookRefusal('unreadable');
  const answer = message as {
    ok?: unknown;
    code?: unknown;
    done?: unknown;
    range?: unknown;
    rowCount?: unknown;
    date1904?: unknown;
    ending?: unknown;
  };
  if (answer.ok !== true) {
    const code = typeof answer.code === 'string' ? answer.code : 'unreadable';
    return new WorkbookRefusal(
      Object.prototype.hasOwnProperty.call(CommissionUploadMessages, code)
        ? (code as RefusalCode)
        : 'unreadable',
    );
  }
  const maxRowCount = COMMISSION_UPLOAD_LIMITS.maxRows + 2;
  const date1904 = answer.date1904 === true;
  if (answer.done === true) {
    if (!isCount(answer.rowCount, maxRowCount)) return new WorkbookRefusal('unreadable');
    return { done: true, rowCount: answer.rowCount, date1904 };
  }
  if (answer.done !== false || typeof answer.range !== 'object' || answer.range === null)
    return new WorkbookRefusal('unreadable');
  const { firstRow, rowCount, columns } = answer.range as {
    firstRow?: unknown;
    rowCount?: unknown;
    columns?: unknown;
  };
  if (
    !isCount(firstRow, maxRowCount) ||
    firstRow <= lastRow ||
    !isCount(rowCount, maxRowCount - firstRow) ||
    rowCount === 0 ||
    !Array.isArray(columns) ||
    columns.length === 0 ||
    columns.length > SHEET_WORKER_LIMITS.maxColumns
  )
    return new WorkbookRefusal('unreadable');
  for (const column of columns as unknown[]) {
    if (!Array.isArray(column) || column.length !== rowCount) return new WorkbookRefusal('unreadable');
    // A plain loop: a sparse array's holes are undefined here, and refused.
    for (let r = 0; r < rowCount; r++) if (!isCell(column[r])) return new WorkbookRefusal('unreadable');
  }
  return {
    done: false,
    range: { firstRow, rowCount, columns: columns as CellValue[][] },
    date1904,
    ending: answer.ending === true,
  };
}
