import {
  PAYOUT_PAGE_SIZE,
  type PayoutRunDetail,
  type PayoutRunDetailQuery,
  type PayoutRunsPage,
  type PayoutRunsQuery,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../http/session';
import { linesPage, loadRun, runsPage } from './run-queries';

/** GET /api/admin/payouts/runs: the runs, newest first, with the open one's id. */
export async function listRuns(
  ctx: AppContext,
  session: SessionUser,
  query: z.output<typeof PayoutRunsQuery>,
): Promise<PayoutRunsPage> {
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? PAYOUT_PAGE_SIZE;
  const page = await runsPage(ctx.db, session.userId, pageNo, pageSize);
  return { results: page.runs, totalCount: page.totalCount, pageNo, pageSize, openRunId: page.openRunId };
}

/** GET /api/admin/payouts/runs/:runId: the run and a page of its lines. */
export async function runDetail(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  query: z.output<typeof PayoutRunDetailQuery>,
): Promise<PayoutRunDetail> {
  const run = await loadRun(ctx.db, runId, session.userId);
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? PAYOUT_PAGE_SIZE;
  const page = await linesPage(ctx, runId, { kind: query.kind, search: query.search }, pageNo, pageSize);
  return { run, lines: { results: page.lines, totalCount: page.totalCount, pageNo, pageSize } };
}
