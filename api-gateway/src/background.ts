import type { AppContext } from './context';
import { startOutboxWorker } from './modules/messaging';
import { startSelfieSweeper } from './modules/registration';

/** Periodic work of a running server (outbox delivery, expiry sweeps). Returns a function that stops it. */
export function startBackgroundWork(ctx: AppContext): () => void {
  const stops: Array<() => void> = [startOutboxWorker(ctx), startSelfieSweeper(ctx)];
  return () => stops.forEach((stop) => stop());
}
