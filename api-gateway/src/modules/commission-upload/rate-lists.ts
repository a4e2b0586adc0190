import type { z } from 'zod';
import type { CommissionRatesQuery, CommissionUploadsQuery } from '@portal/contracts';
import type { AppContext } from '../../context';
import { businessDay } from '../../lib/business-time';
import { currentRates, listUploads, rateCategories } from './rate-store';

const DEFAULT_PAGE_SIZE = 10;

export async function listCurrentRates(ctx: AppContext, query: z.output<typeof CommissionRatesQuery>) {
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = await currentRates(ctx.db, {
    today: businessDay(ctx.now()),
    search: query.search || undefined,
    category: query.category || undefined,
    page: pageNo,
    pageSize,
  });
  return { ...page, pageNo, pageSize, categories: await rateCategories(ctx.db) };
}

export async function listRateUploads(ctx: AppContext, query: z.output<typeof CommissionUploadsQuery>) {
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { ...(await listUploads(ctx.db, pageNo, pageSize)), pageNo, pageSize };
}
