import { PAYOUT_LINE_STATUSES, type PayoutLineStatus } from '@portal/contracts';
import type { AppContext } from '../context';
import { isDraining } from '../modules/health';
import {
  gatewayReady,
  kycOldestAge,
  kycWaiting,
  outboxOldestAge,
  outboxWaiting,
  payoutLines,
  payoutOldestSendingAge,
  poolCheckouts,
  poolClientsWaiting,
  poolConnectionsInUse,
  poolConnectionsOpen,
  readDatabaseOnScrape,
} from './gateway-metrics';

/** A scrape must answer even when the database does not: the gauges then keep their last figures. */
const QUERY_TIMEOUT_MS = 2_000;
const OUTBOX_CHANNELS = ['email', 'whatsapp', 'sms'] as const;

interface Figures {
  outbox: { channel: string; waiting: number }[];
  outboxOldest: number;
  lines: { status: string; total: number }[];
  sendingOldest: number;
  kycWaiting: number;
  kycOldest: number;
}

/**
 * Every figure in one statement, each part from an index or a summary table (outbox_pending_idx,
 * payout_lines_in_flight_idx, affiliate_status_counts, affiliates_status_created_idx); payout lines by status
 * is the one count over a table, which holds one row per affiliate per run. (Exports running are counted by
 * each gateway as it writes them: the embedded database keeps no row of them.)
 */
const FIGURES_SQL = `
  SELECT
    (SELECT coalesce(json_agg(json_build_object('channel', channel, 'waiting', waiting)), '[]')
       FROM (SELECT channel, count(*)::int AS waiting FROM outbox WHERE status = 'pending' GROUP BY channel) o)
      AS outbox,
    (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 FROM outbox WHERE status = 'pending')
      AS outbox_oldest,
    (SELECT coalesce(json_agg(json_build_object('status', status, 'total', total)), '[]')
       FROM (SELECT status, count(*)::int AS total FROM payout_lines GROUP BY status) l) AS lines,
    (SELECT coalesce(extract(epoch FROM now() - min(updated_at)), 0)::float8 FROM payout_lines
      WHERE status = 'sending') AS sending_oldest,
    (SELECT coalesce(sum(total), 0)::int FROM affiliate_status_counts WHERE status = 'KYC Pending') AS kyc_waiting,
    (SELECT coalesce(extract(epoch FROM now() - min(created_date)), 0)::float8 FROM affiliates
      WHERE status = 'KYC Pending') AS kyc_oldest`;

/** From now on, a scrape of this process reads its figures from ctx's database. */
export function watchDatabase(ctx: AppContext): void {
  let checkoutsSeen = ctx.db.poolStats?.().checkouts ?? 0;
  readDatabaseOnScrape(async () => {
    const stats = ctx.db.poolStats?.();
    if (stats) {
      poolConnectionsOpen.set(stats.open);
      poolConnectionsInUse.set(stats.open - stats.idle);
      poolClientsWaiting.set(stats.waiting);
      poolCheckouts.inc(Math.max(0, stats.checkouts - checkoutsSeen));
      checkoutsSeen = stats.checkouts;
    }
    const figures = await readFigures(ctx);
    if (!isDraining()) gatewayReady.set(figures ? 1 : 0);
    if (!figures) return;
    for (const channel of OUTBOX_CHANNELS) outboxWaiting.set({ channel }, 0);
    for (const row of figures.outbox) outboxWaiting.set({ channel: row.channel }, row.waiting);
    outboxOldestAge.set(figures.outboxOldest);
    for (const status of PAYOUT_LINE_STATUSES) payoutLines.set({ status }, 0);
    for (const row of figures.lines) {
      if ((PAYOUT_LINE_STATUSES as readonly string[]).includes(row.status)) {
        payoutLines.set({ status: row.status as PayoutLineStatus }, row.total);
      }
    }
    payoutOldestSendingAge.set(figures.sendingOldest);
    kycWaiting.set(figures.kycWaiting);
    kycOldestAge.set(figures.kycOldest);
  });
}

async function readFigures(ctx: AppContext): Promise<Figures | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), QUERY_TIMEOUT_MS);
  });
  const query = ctx.db
    .query<{
      outbox: Figures['outbox'] | string;
      outbox_oldest: number;
      lines: Figures['lines'] | string;
      sending_oldest: number;
      kyc_waiting: number;
      kyc_oldest: number;
    }>(FIGURES_SQL)
    .then(({ rows: [row] }): Figures | undefined =>
      row
        ? {
            outbox: typeof row.outbox === 'string' ? JSON.parse(row.outbox) : row.outbox,
            outboxOldest: Number(row.outbox_oldest),
            lines: typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines,
            sendingOldest: Number(row.sending_oldest),
            kycWaiting: Number(row.kyc_waiting),
            kycOldest: Number(row.kyc_oldest),
          }
        : undefined,
    )
    .catch((error: unknown) => {
      ctx.logger.warn({ err: error }, 'metrics: the database figures could not be read');
      return undefined;
    });
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
