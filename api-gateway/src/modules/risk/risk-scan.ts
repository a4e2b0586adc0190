import { performance } from 'node:perf_hooks';
import type { RiskCaseKind } from '@portal/contracts';
import type { AppContext } from '../../context';
import { repeatEvery } from '../../lib/repeat-every';
import { raiseSignals, type RaiseOutcome, SIGNAL_KINDS } from './raise-cases';

/** Marks taken per pass: a few hundred affiliates' signals fit one short transaction. */
const MARKS_PER_PASS = 500;
/** How soon a change raises its signals, and how often the whole scan runs (rolling windows move daily). */
const MARKS_EVERY_MS = 5_000;
const SCAN_EVERY_MS = 60 * 60_000;

/**
 * The signals of the affiliates whose rows changed (marked by the triggers of migration 110: ingestion, rate
 * upload, registration, bank change), in one transaction with the marks it takes: a failure leaves them for the
 * next pass, and another gateway skips them (SKIP LOCKED) instead of waiting. Answers how many marks it took.
 */
export async function raiseMarkedSignals(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ affiliate_id: string | number }>(
      `DELETE FROM risk_marks WHERE mark_id IN (
         SELECT mark_id FROM risk_marks ORDER BY mark_id LIMIT ${MARKS_PER_PASS} FOR UPDATE SKIP LOCKED)
       RETURNING affiliate_id`,
    );
    if (rows.length === 0) return 0;
    const affiliates = [...new Set(rows.map((row) => Number(row.affiliate_id)))].sort((a, b) => a - b);
    await raiseSignals(ctx, tx, affiliates);
    return rows.length;
  });
}

/** One unit of the scan: one signal over some affiliates (or all of them), its own transaction. */
export interface ScanUnit {
  kind: RiskCaseKind;
  opened: number;
  refreshed: number;
  /** How many affiliates it covered: 'all' on PostgreSQL. */
  affiliates: number | 'all';
  ms: number;
}

/**
 * PGlite runs in the gateway's thread on one connection: while a statement runs, no request is even read, and a
 * request's next query waits behind the unit under way. So each unit is kept near this long (the chunk of
 * affiliates grows or shrinks to it), and the event loop gets a turn between units: a request of k queries
 * waits about k units.
 */
const PGLITE_UNIT_TARGET_MS = 60;
const PGLITE_CHUNK = { first: 100, least: 10, most: 5_000 } as const;

const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Every signal over every affiliate (the periodic scan, and the admin's Scan now). Each unit is its own
 * transaction and a scoped pass gives each affiliate its whole evidence, so units agree with one pass.
 * - PostgreSQL: one statement per signal over everyone (set-based; other calls run on other connections);
 * - PGlite: each signal over chunks of affiliates by id, sized (per signal) so a unit takes ~60 ms, a turn between.
 * `onUnit` hears each unit's time (the bench prints them); `chunk` fixes the chunk (tests: every size agrees).
 */
export async function scanAllSignals(
  ctx: AppContext,
  options: { onUnit?: (unit: ScanUnit) => void; chunk?: number | 'all' } = {},
): Promise<RaiseOutcome> {
  const outcome: RaiseOutcome = { opened: 0, refreshed: 0 };
  const runUnit = async (kind: RiskCaseKind, affiliates: number[] | 'all') => {
    const started = performance.now();
    const part = await ctx.db.transaction((tx) => raiseSignals(ctx, tx, affiliates, kind));
    const ms = performance.now() - started;
    outcome.opened += part.opened;
    outcome.refreshed += part.refreshed;
    options.onUnit?.({ kind, ...part, affiliates: affiliates === 'all' ? 'all' : affiliates.length, ms });
    await turn();
    return ms;
  };
  const fixedChunk = options.chunk ?? (ctx.db.driver === 'postgres' ? 'all' : undefined);
  if (fixedChunk === 'all') {
    for (const kind of SIGNAL_KINDS) await runUnit(kind, 'all');
    return outcome;
  }
  // Signal by signal, each with its own chunk size: the cheap ones take thousands of affiliates a unit.
  for (const kind of SIGNAL_KINDS) {
    let chunk: number = fixedChunk ?? PGLITE_CHUNK.first;
    for (let after = 0; ; ) {
      const { rows } = await ctx.db.query<{ affiliate_id: string | number }>(
        'SELECT affiliate_id FROM affiliates WHERE affiliate_id > $1 ORDER BY affiliate_id LIMIT $2',
        [after, chunk],
      );
      if (rows.length === 0) break;
      const ids = rows.map((row) => Number(row.affiliate_id));
      const ms = await runUnit(kind, ids);
      after = ids[ids.length - 1];
      if (fixedChunk === undefined) {
        const scaled = Math.round((ids.length * PGLITE_UNIT_TARGET_MS) / Math.max(ms, 1));
        chunk = Math.min(PGLITE_CHUNK.most, Math.max(PGLITE_CHUNK.least, Math.min(scaled, chunk * 2)));
      }
    }
  }
  return outcome;
}

/**
 * Background work: the marked affiliates every few seconds (until none is left), and the whole scan every hour
 * (rolling windows move with the days even when no row changes).
 */
export function startRiskWorker(ctx: AppContext): () => Promise<void> {
  const onFailure = (error: unknown) => ctx.logger.warn({ err: error }, 'risk signals failed');
  const stopMarks = repeatEvery(
    MARKS_EVERY_MS,
    async (stopping) => {
      while (!stopping() && (await raiseMarkedSignals(ctx)) === MARKS_PER_PASS);
    },
    onFailure,
  );
  const stopScan = repeatEvery(
    SCAN_EVERY_MS,
    async () => {
      const outcome = await scanAllSignals(ctx);
      if (outcome.opened > 0) ctx.logger.info({ opened: outcome.opened }, 'risk scan opened cases');
    },
    onFailure,
    false,
  );
  return async () => {
    await Promise.all([stopMarks(), stopScan()]);
  };
}
