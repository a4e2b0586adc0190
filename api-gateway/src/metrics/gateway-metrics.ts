import { Counter, Gauge, Histogram, collectDefaultMetrics, register } from 'prom-client';

/**
 * Issue 52: the series an operator alerts on, on prom-client's global registry (one gateway process, one
 * registry; the supervisor aggregates its workers' registries). Labels are route templates, status classes,
 * channels, providers and fixed outcomes: never a URL, an id, an address or a number a person gave.
 *
 * Counters and histograms add up across workers. Figures read from the shared database (the outbox, payout
 * lines, KYC, exports) are the same in every worker, so the cluster keeps the largest instead of the sum.
 */
collectDefaultMetrics({ register });

/**
 * Reads the database's figures into the gauges below; every one of them awaits the same pass, since the
 * registry collects its metrics side by side.
 */
let readDatabase: (() => Promise<void>) | undefined;
let pass: Promise<void> | undefined;
export function readDatabaseOnScrape(read: (() => Promise<void>) | undefined): void {
  readDatabase = read;
}
async function databaseFigures(): Promise<void> {
  if (!readDatabase) return;
  pass ??= readDatabase().finally(() => {
    pass = undefined;
  });
  await pass;
}
const fromDatabase = { aggregator: 'max' as const, collect: databaseFigures };

export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

export const poolConnectionsInUse = new Gauge({
  name: 'portal_db_pool_connections_in_use',
  help: 'PostgreSQL connections of the pool checked out by a query or transaction.',
  collect: databaseFigures,
});
export const poolConnectionsOpen = new Gauge({
  name: 'portal_db_pool_connections_open',
  help: 'PostgreSQL connections the pool holds open (in use or idle).',
  collect: databaseFigures,
});
export const poolClientsWaiting = new Gauge({
  name: 'portal_db_pool_clients_waiting',
  help: 'Queries and transactions waiting for a pooled connection (the pool is saturated while above 0).',
  collect: databaseFigures,
});
export const poolCheckouts = new Counter({
  name: 'portal_db_pool_checkouts_total',
  help: 'Connections handed out by the pool.',
  collect: databaseFigures,
});

export const outboxWaiting = new Gauge({
  name: 'portal_outbox_waiting_messages',
  help: 'Outbox messages not yet sent, by channel.',
  labelNames: ['channel'] as const,
  ...fromDatabase,
});
export const outboxOldestAge = new Gauge({
  name: 'portal_outbox_oldest_waiting_age_seconds',
  help: 'Age of the oldest outbox message not yet sent (0 when none waits).',
  ...fromDatabase,
});
export const outboxSends = new Counter({
  name: 'portal_outbox_sends_total',
  help: 'Outbox messages a provider accepted, by channel and provider.',
  labelNames: ['channel', 'provider'] as const,
});
export const outboxFailures = new Counter({
  name: 'portal_outbox_send_failures_total',
  help: 'Outbox send attempts that failed, by channel and provider.',
  labelNames: ['channel', 'provider'] as const,
});

export const payoutLines = new Gauge({
  name: 'portal_payout_lines',
  help: 'Payout lines by status.',
  labelNames: ['status'] as const,
  ...fromDatabase,
});
export const payoutOldestSendingAge = new Gauge({
  name: 'portal_payout_oldest_sending_age_seconds',
  help: 'How long the oldest payout line in "sending" has been there (0 when none is).',
  ...fromDatabase,
});

export const WEBHOOK_PROVIDERS = ['paystack', 'whatsapp', 'termii'] as const;
export const WEBHOOK_OUTCOMES = ['accepted', 'bad_signature', 'refused'] as const;
export const webhookReceipts = new Counter({
  name: 'portal_webhook_receipts_total',
  help: 'Webhook calls received, by provider and outcome (accepted, bad_signature, refused).',
  labelNames: ['provider', 'outcome'] as const,
});
for (const provider of WEBHOOK_PROVIDERS) {
  for (const outcome of WEBHOOK_OUTCOMES) webhookReceipts.inc({ provider, outcome }, 0);
}

export const kycWaiting = new Gauge({
  name: 'portal_kyc_waiting_cases',
  help: 'Affiliates waiting for a KYC decision (KYC Pending).',
  ...fromDatabase,
});
export const kycOldestAge = new Gauge({
  name: 'portal_kyc_oldest_waiting_age_seconds',
  help: 'Age of the oldest affiliate waiting for a KYC decision, since it registered (0 when none waits).',
  ...fromDatabase,
});

/** Issue 50: identity checks against the authority, by provider and outcome. */
export const IDENTITY_CHECK_OUTCOMES = ['match', 'mismatch', 'pending', 'failed'] as const;
export const identityChecks = new Counter({
  name: 'portal_identity_checks_total',
  help: 'Identity check attempts, by provider and outcome (match, mismatch, pending: submitted, failed: retried).',
  labelNames: ['provider', 'outcome'] as const,
});

export const exportsRunning = new Gauge({
  name: 'portal_exports_running',
  help: 'Spreadsheet exports being written now.',
});
export const exportsFinished = new Counter({
  name: 'portal_exports_total',
  help: 'Spreadsheet exports finished, by outcome (written, failed).',
  labelNames: ['outcome'] as const,
});
exportsFinished.inc({ outcome: 'written' }, 0);
exportsFinished.inc({ outcome: 'failed' }, 0);

export const gatewayReady = new Gauge({
  name: 'portal_gateway_ready',
  help: 'Whether the gateway takes work: 1, or 0 while it drains or cannot reach its database (lowest worker).',
  aggregator: 'min',
});
