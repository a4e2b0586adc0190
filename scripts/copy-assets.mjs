// Copies non-TypeScript assets (CSS, images) from a source tree into its build output.
import { cpSync, existsSync } from 'node:fs';
const [from, to] = process.argv.slice(2);
if (existsSync(from)) {
  cpSync(from, to, { recursive: true, filter: (src) => !/\.(ts|tsx)$/.test(src) || src.endsWith('.d.ts') });
}
