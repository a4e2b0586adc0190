import { ReportMessages } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { ExportRunner } from '../export-runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Rows that wait until `release` is called: an export held mid-write. */
function heldRows() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  async function* rows() {
    yield { n: 1 };
    await released;
  }
  return { rows: rows(), release };
}

const job = (rows: AsyncIterable<{ n: number }>) => ({
  fileName: 'held.xlsx',
  sheetName: 'Held',
  columns: [{ header: 'N', width: 8, value: (row: { n: number }) => row.n }],
  rows,
});

test('the cap of two exports at once is one per gateway, whichever runners hold them (issue 48)', async () => {
  // The four places that build a runner (reports, My data, bank file, remittance advice) each have their own.
  const runners = Array.from({ length: 4 }, () => new ExportRunner(t.ctx));
  const users = await Promise.all([1, 2, 3, 4].map(() => createStaffUser(t.ctx.db, 1)));
  const first = heldRows();
  const second = heldRows();
  const running = [runners[0].run(users[0], job(first.rows)), runners[1].run(users[1], job(second.rows))];
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const [index, runner] of [runners[2], runners[3], runners[0]].entries()) {
    await expect(runner.run(users[2 + (index % 2)], job(heldRows().rows))).rejects.toMatchObject({
      status: 429,
      message: ReportMessages.exportBusy,
    });
  }
  first.release();
  second.release();
  for (const link of await Promise.all(running))
    expect(link.excelPath).toMatch(/^\/api\/report\/download\?token=/);
  // Once they are done, another runner has room again.
  const done = heldRows();
  done.release();
  await expect(runners[3].run(users[3], job(done.rows))).resolves.toMatchObject({
    excelPath: expect.any(String),
  });
});
