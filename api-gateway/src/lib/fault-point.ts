/**
 * Test-only crash points (issue 14, faults). With `FAULT_PAUSE_AT=<point>[,<point>=<ms>...]` outside
 * production, `await faultPoint('<point>')` prints `{"faultPoint":"<point>"}` on stdout and then waits:
 * forever for a bare name (inside its transaction, if any, so a test can SIGKILL the process at that very
 * moment and show that nothing half-done survives the restart), or `<ms>` milliseconds and carries on (a
 * slow request in flight, for the graceful-shutdown test). Unset, or in production, it does nothing.
 *
 * The points are FAULT_POINTS below: a call names one of them (the compiler checks), so the list stays whole.
 */
const points = new Map<string, number>(
  process.env.NODE_ENV === 'production'
    ? []
    : (process.env.FAULT_PAUSE_AT ?? '')
        .split(',')
        .map((entry) => entry.trim().split('='))
        .filter(([name]) => Boolean(name))
        .map(([name, ms]) => [name, ms === undefined ? Infinity : Number(ms)]),
);

/** Every pause point, and the moment it stands for. */
export const FAULT_POINTS = {
  'commission.upload': 'rates stored, audit row not yet',
  'ingest.orders': 'orders inserted, batch not committed',
  'kyc.decision': 'status written, audit row and email not yet',
  'export.written': 'spreadsheet on disk, no row, no link',
  'outbox.claim': 'the outbox worker, before it claims anything',
  'payout.sending': 'a Paystack batch about to be sent, its lines still pending',
  'payout.sent': 'Paystack answered the batch, nothing of the answer stored yet',
  'payout.bank-result': "the bank result's lines marked, audit row not yet, not committed",
} as const;

export type FaultPointName = keyof typeof FAULT_POINTS;

export function faultPoint(point: FaultPointName): Promise<void> {
  const waitMs = points.get(point);
  if (waitMs === undefined) return Promise.resolve();
  process.stdout.write(`${JSON.stringify({ faultPoint: point })}\n`);
  if (waitMs === Infinity) return new Promise<void>(() => undefined);
  return new Promise<void>((resolve) => setTimeout(resolve, waitMs));
}
