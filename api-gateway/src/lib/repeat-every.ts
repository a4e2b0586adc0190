/**
 * Runs `pass` now (unless `startNow` is false) and then every `everyMs`, never two passes at once; a failed
 * pass goes to `onFailure` and the next one runs on time. The timer never keeps the process alive. Returns a
 * function that stops it: no new pass starts, `stopping()` turns true for the pass under way, and the promise
 * resolves once that pass has ended.
 */
export function repeatEvery(
  everyMs: number,
  pass: (stopping: () => boolean) => Promise<unknown>,
  onFailure: (error: unknown) => void,
  startNow = true,
): () => Promise<void> {
  let current: Promise<void> | undefined;
  let stopped = false;
  const stopping = () => stopped;
  const tick = () => {
    if (current || stopped) return;
    current = pass(stopping)
      .then(() => undefined, onFailure)
      .finally(() => {
        current = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  if (startNow) tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
