import { loadConfig } from '../../config';
import { startMemoryLog } from '../memory-log';
import { capturedLog } from '../../../test-support/captured-log';

const capture = () => capturedLog<{ msg: string; memory?: Record<string, number> }>();

afterEach(() => jest.useRealTimers());

test('a memory line every MEMORY_LOG_SECONDS with the heap, Buffers and RSS; none once stopped', () => {
  jest.useFakeTimers();
  const { logger, lines } = capture();
  const stop = startMemoryLog(logger, 60);
  jest.advanceTimersByTime(59_999);
  expect(lines).toHaveLength(0);
  jest.advanceTimersByTime(1);
  expect(lines).toHaveLength(1);
  expect(lines[0].msg).toBe('memory');
  for (const field of ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'])
    expect(lines[0].memory?.[field]).toBeGreaterThan(0);
  jest.advanceTimersByTime(120_000);
  expect(lines).toHaveLength(3);
  stop();
  jest.advanceTimersByTime(600_000);
  expect(lines).toHaveLength(3);
});

test('no memory line unless asked for; MEMORY_LOG_SECONDS must be a positive whole number', () => {
  jest.useFakeTimers();
  const { logger, lines } = capture();
  startMemoryLog(logger, undefined)();
  jest.advanceTimersByTime(24 * 3_600_000);
  expect(lines).toHaveLength(0);
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(40) };
  expect(loadConfig(base).memoryLogSeconds).toBeUndefined();
  expect(loadConfig({ ...base, MEMORY_LOG_SECONDS: '60' }).memoryLogSeconds).toBe(60);
  expect(() => loadConfig({ ...base, MEMORY_LOG_SECONDS: '0' })).toThrow(/MEMORY_LOG_SECONDS/);
  expect(() => loadConfig({ ...base, MEMORY_LOG_SECONDS: 'soon' })).toThrow(/MEMORY_LOG_SECONDS/);
});
