/**
 * Characters no text of the portal may hold: the C0 controls except tab, line feed and carriage return
 * (multi-line text such as a KYC remark is legitimate), DEL and the C1 controls, and UTF-16 surrogates
 * without their pair. PostgreSQL refuses a NUL outright and the drivers turn a lone surrogate into U+FFFD,
 * so neither may reach the database; the others are invisible and only serve to disguise text.
 */
const CONTROL_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TextMessages = {
  controlCharacters: 'Please remove the hidden control characters from the text.',
} as const;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * The path (`fullName`, `items.0.name`; `_` for the value itself) of the first string in a parsed input,
 * object keys included, that holds a control character; undefined when there is none. Walks without
 * recursion, so a deeply nested hostile body cannot overflow the stack.
 */
export function findControlCharacters(input: unknown): string | undefined {
  // Each entry keeps its parent instead of a copy of its path, so depth costs nothing until a hit.
  interface Entry {
    value: unknown;
    key?: string;
    parent?: Entry;
  }
  const pathOf = (entry: Entry | undefined, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let at = entry; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    return keys.length ? keys.join('.') : '_';
  };
  const pending: Entry[] = [{ value: input }];
  while (pending.length) {
    const entry = pending.pop() as Entry;
    const { value } = entry;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) return pathOf(entry);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (hasControlCharacters(key)) return pathOf(entry, '_');
        pending.push({ value: child, key, parent: entry });
      }
    }
  }
  return undefined;
}
