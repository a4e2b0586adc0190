/** The federation runtime's words when a shared singleton cannot be satisfied (strictVersion). */
const UNSATISFIED_SINGLETON =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of (\S+) which needs ([^\s)]+)/;

/** The errors behind a failure: the error, its `cause`s, and the error an unavailable-remote marker carries. */
function* errorChain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    yield current;
    if (typeof current !== 'object') return;
    const next = current as { cause?: unknown; error?: unknown };
    current = next.cause ?? next.error;
  }
}

/**
 * A sentence saying why a section could not be shown, when the reason is one the user's administrator can
 * act on: a remote that needs another version of a module the portal shares (a remote and a shell deployed
 * from versions that do not fit together). Undefined otherwise: an unreachable remote says nothing more.
 */
export function describeRemoteFailure(error: unknown): string | undefined {
  for (const item of errorChain(error)) {
    const message = item instanceof Error ? item.message : typeof item === 'string' ? item : '';
    const match = UNSATISFIED_SINGLETON.exec(message);
    if (match) {
      const [, available, module, remote, required] = match;
      return `${remote} needs ${module} ${required}, but the portal runs ${module} ${available}: this part of the portal and the portal itself were deployed from versions that do not fit together.`;
    }
  }
  return undefined;
}
