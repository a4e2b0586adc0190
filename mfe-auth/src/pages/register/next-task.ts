/** Resolves in a new task, so the browser can paint and answer input between two pieces of start-up work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
