import type { Logger } from 'pino';

/**
 * The last line of defence (issue 9): an error nobody handled, a rejected promise without a catch or an
 * 'error' event without a listener, is logged and the gateway keeps serving. Without this Node ends the
 * process, and one bad request takes the portal down for everyone. A request's own failures never get
 * here: the error handler answers them; this only catches what escaped it. Returns a function that
 * removes the handlers.
 */
export function installProcessGuards(logger: Logger, target: NodeJS.EventEmitter = process): () => void {
  const onRejection = (reason: unknown) =>
    logger.error({ err: reason }, 'unhandled promise rejection; still serving');
  const onException = (error: Error, origin: string) =>
    logger.error({ err: error, origin }, 'uncaught exception; still serving');
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
