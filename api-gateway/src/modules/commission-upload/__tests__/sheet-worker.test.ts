import { CommissionUploadMessages as M } from '@portal/contracts';
import { prepareSheetWorker, spareWorkerWaiting } from '../read-workbook';
import {
  HEADER,
  prototypePollution,
  rateRows,
  readWorkbook,
  workbook,
  type SheetRows,
} from '../test-workbooks';
import { inspectContainer } from '../workbook-container';

jest.setTimeout(60_000);

const read = (file: Buffer): Promise<SheetRows> => readWorkbook(file, inspectContainer(file));

const good = workbook(rateRows(['AFF1', 2.5, 'Beverages', 0, '2026-01-01']));

test('a worker started when the upload screen opens reads exactly one file; the next file gets a new one', async () => {
  prepareSheetWorker();
  expect(spareWorkerWaiting()).toBe(true);
  const first = await read(good);
  expect(spareWorkerWaiting()).toBe(false);
  expect(first).toEqual({
    rowCount: 2,
    columns: [
      ['Affiliate ID', 'AFF1'],
      ['Commission Rate (%)', 2.5],
      ['Product Category', 'Beverages'],
      ['Minimum Order Value', 0],
      ['Effective Date', '2026-01-01'],
    ],
    date1904: false,
  });
  // No worker waiting: one is started for the file, as before.
  expect(await read(good)).toEqual(first);
});

test('a worker started ahead keeps every check: formulas and the CVE-2023-30533 sample are refused', async () => {
  prepareSheetWorker();
  await expect(
    read(workbook([HEADER, ['AFF1', { f: '1+1', v: 2 }, 'Beverages', 0, '2026-01-01']])),
  ).rejects.toThrow(M.formulas);
  prepareSheetWorker();
  await expect(read(prototypePollution('AFF1'))).rejects.toThrow(M.unreadable);
  expect(({} as Record<string, unknown>).c).toBeUndefined();
  // The worker that read the sample is gone; the next one has seen nothing.
  prepareSheetWorker();
  expect((await read(good)).rowCount).toBe(2);
});

test('a worker waiting unused does not keep the process alive', () => {
  // Jest would report an open handle and wait here for the worker's idle timeout (10 minutes) otherwise.
  prepareSheetWorker();
  prepareSheetWorker();
  expect(spareWorkerWaiting()).toBe(true);
});
