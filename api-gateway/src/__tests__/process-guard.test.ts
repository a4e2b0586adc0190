import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

test('an uncaught exception, an unhandled rejection and an unheard error event are logged, and the process lives on', async () => {
  const script = path.join(__dirname, '..', '..', 'test-support', 'guarded-process.ts');
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const { stdout } = await run(process.execPath, [require.resolve('tsx/cli'), script], {
    env,
    timeout: 60_000,
  });
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level?: number; msg: string; err?: { message: string } });
  const logged = lines.slice(0, -1).map((line) => [line.level, line.msg, line.err?.message]);
  expect(logged).toHaveLength(3);
  expect(logged).toEqual(
    expect.arrayContaining([
      [50, 'unhandled promise rejection; still serving', 'rejected without a catch'],
      [50, 'uncaught exception; still serving', 'thrown outside any request'],
      [50, 'uncaught exception; still serving', 'error event without a listener'],
    ]),
  );
  expect(lines.at(-1)?.msg).toBe('still serving');
});
