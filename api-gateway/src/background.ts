import type { AppContext } from './context';

/** Periodic work of a running server (outbox delivery, expiry sweeps). Returns a function that stops it. */
export function startBackgroundWork(_ctx: AppContext): () => void {
  const timers: NodeJS.Timeout[] = [];
  return () => timers.forEach((timer) => clearInterval(timer));
}
