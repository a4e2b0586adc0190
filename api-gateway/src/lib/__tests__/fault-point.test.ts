import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FAULT_POINTS } from '../fault-point';

/** The gateway's source files outside tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

test('every listed pause point is one the gateway pauses at, and each only once', () => {
  const called = sourceFiles(path.join(__dirname, '..', '..')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/faultPoint\('([a-z][a-z.-]*)'\)/g)].map((match) => match[1]),
  );
  expect([...called].sort()).toEqual(Object.keys(FAULT_POINTS).sort());
});
