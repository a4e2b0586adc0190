import type { Sql } from '../../db/database';

/**
 * One transaction-scoped advisory lock orders the writers of commission against each other. An order's
 * stored commission is computed from the rates in force when its statement runs; a rate upload recomputes
 * the orders it can see. Under READ COMMITTED an order committed while an upload runs, or rates committed
 * while an ingestion's statement runs, are seen by neither, and the order keeps a stale commission for good.
 * With this lock a rate upload (exclusive) and an order write (shared) never overlap: each sees the other's
 * rows committed, whichever comes first. Order writers share it, so ingestion batches still run side by side;
 * two uploads queue instead of deadlocking on each other's rows. Held until the transaction ends.
 */
const COMMISSION_RATES_LOCK = 7_241_001;

/** Taken by a transaction that stores commission rates and recomputes orders. */
export async function lockRatesExclusively(tx: Sql): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [COMMISSION_RATES_LOCK]);
}

/** Taken by a transaction that writes orders and computes their commission from the rates in force. */
export async function lockRatesShared(tx: Sql): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock_shared($1)', [COMMISSION_RATES_LOCK]);
}
