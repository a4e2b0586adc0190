import type { Logger } from 'pino';

/**
 * One `memory` log line every `everySeconds` with the process's `process.memoryUsage()` (rss, heapTotal,
 * heapUsed, external, arrayBuffers, in bytes): what tells a growing V8 heap from Buffers and from native
 * memory (rss minus the rest) when a gateway's RSS grows. Off unless MEMORY_LOG_SECONDS asks for it (the
 * load-soak bench does). Returns a function that stops it; the timer never keeps the process alive.
 */
export function startMemoryLog(logger: Logger, everySeconds: number | undefined): () => void {
  if (!everySeconds) return () => undefined;
  const timer = setInterval(() => {
    logger.info({ memory: process.memoryUsage() }, 'memory');
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
