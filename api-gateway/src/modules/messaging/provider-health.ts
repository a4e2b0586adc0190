import type { AppContext } from '../../context';

export interface ProviderState {
  channel: 'email' | 'whatsapp' | 'sms' | 'payouts';
  name: string;
  configured: boolean;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
}

/**
 * Each provider's last success and last failure, in the database so that /api/health shows the same whichever
 * gateway answers it (the sending gateway may be another). `error` null is a success. Never throws: a health
 * note must not turn a sent message into a retried one.
 */
export async function recordProviderResult(
  ctx: AppContext,
  channel: 'email' | 'whatsapp' | 'sms' | 'payouts',
  provider: string,
  error: string | null,
): Promise<void> {
  try {
    const now = ctx.now();
    await ctx.db.query(
      `INSERT INTO provider_health (channel, provider, last_success_at, last_failure_at, last_error)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (channel, provider) DO UPDATE SET
         last_success_at = coalesce(EXCLUDED.last_success_at, provider_health.last_success_at),
         last_failure_at = coalesce(EXCLUDED.last_failure_at, provider_health.last_failure_at),
         last_error = coalesce(EXCLUDED.last_error, provider_health.last_error)`,
      [channel, provider, error ? null : now, error ? now : null, error ? error.slice(0, 300) : null],
    );
  } catch (failure) {
    ctx.logger.warn({ err: failure }, 'provider health not recorded');
  }
}

/**
 * The configured provider of each channel with its last success and failure (staff's /api/health). The payouts
 * channel is the configured payout rail, as the payouts module names it.
 */
export async function providerStates(
  ctx: AppContext,
  payouts: { name: string; configured: boolean },
): Promise<ProviderState[]> {
  const { messaging } = ctx.config;
  const configured: ProviderState[] = [
    {
      channel: 'email',
      name: ctx.config.smtpUrl ? 'smtp' : 'log',
      configured: Boolean(ctx.config.smtpUrl),
      lastSuccessAt: null,
      lastFailureAt: null,
    },
    {
      channel: 'whatsapp',
      name: messaging.whatsapp.provider,
      configured: messaging.whatsapp.provider !== 'log',
      lastSuccessAt: null,
      lastFailureAt: null,
    },
    {
      channel: 'sms',
      name: messaging.sms.provider,
      configured: messaging.sms.provider === 'termii',
      lastSuccessAt: null,
      lastFailureAt: null,
    },
    {
      channel: 'payouts',
      name: payouts.name,
      configured: payouts.configured,
      lastSuccessAt: null,
      lastFailureAt: null,
    },
  ];
  const { rows } = await ctx.db.query<{
    channel: string;
    provider: string;
    last_success_at: Date | null;
    last_failure_at: Date | null;
  }>('SELECT channel, provider, last_success_at, last_failure_at FROM provider_health');
  for (const state of configured) {
    const row = rows.find((r) => r.channel === state.channel && r.provider === state.name);
    state.lastSuccessAt = row?.last_success_at ? new Date(row.last_success_at).toISOString() : null;
    state.lastFailureAt = row?.last_failure_at ? new Date(row.last_failure_at).toISOString() : null;
  }
  return configured;
}
