/**
 * Test-only crash points (issue 14, faults). With `FAULT_PAUSE_AT=<point>[,<point>=<ms>...]` outside
 * production, `await faultPoint('<point>')` prints `{"faultPoint":"<point>"}` on stdout and then waits:
 * forever for a bare name (inside its transaction, if any, so a test can SIGKILL the process at that very
 * moment and show that nothing half-done survives the restart), or `<ms>` milliseconds and carries on (a
 * slow request in flight, for the graceful-shutdown test). Unset, or in production, it does nothing.
 *
 * The points: `commission.upload` (rates stored, audit row not yet), `ingest.orders` (orders inserted, batch
 * not committed), `kyc.decision` (status written, audit row and email not yet), `export.written`
 * (spreadsheet on disk, no row, no link), `outbox.claim` (the outbox worker, before it claims anything).
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

export function faultPoint(point: string): Promise<void> {
  const waitMs = points.get(point);
  if (waitMs === undefined) return Promise.resolve();
  process.stdout.write(`${JSON.stringify({ faultPoint: point })}\n`);
  if (waitMs === Infinity) return new Promise<void>(() => undefined);
  return new Promise<void>((resolve) => setTimeout(resolve, waitMs));
}
