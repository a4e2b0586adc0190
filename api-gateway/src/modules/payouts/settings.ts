import {
  PayoutMessages,
  type PayoutProvider,
  type PayoutSettings,
  type SavePayoutSettingsRequest,
  type SavePayoutSettingsResponse,
} from '@portal/contracts';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { configuredRail } from './rails/registry';

/** The rail new runs are paid by (rails/registry.ts: configuredRail), by its id. */
export const configuredPayoutProvider = (config: AppConfig): PayoutProvider => configuredRail(config).id;

export interface StoredSettings {
  minimumPayout: string;
  withholdingPercent: string;
}

/** The one row, locked FOR UPDATE when `lock` (a save, or a run that copies it). */
export async function readSettings(sql: Sql, lock = false): Promise<StoredSettings> {
  const { rows } = await sql.query<{ minimum_payout: string; withholding_percent: string }>(
    `SELECT minimum_payout::text, withholding_percent::text FROM payout_settings ${lock ? 'FOR UPDATE' : ''}`,
  );
  return { minimumPayout: rows[0].minimum_payout, withholdingPercent: rows[0].withholding_percent };
}

export async function payoutSettings(ctx: AppContext, sql: Sql = ctx.db): Promise<PayoutSettings> {
  const { rows } = await sql.query<{
    minimum_payout: string;
    withholding_percent: string;
    updated_at: Date | string | null;
    updated_by: string | null;
  }>(
    `SELECT s.minimum_payout::text, s.withholding_percent::text,
            CASE WHEN s.updated_by IS NULL THEN NULL ELSE s.updated_at END AS updated_at, u.full_name AS updated_by
       FROM payout_settings s LEFT JOIN users u ON u.user_id = s.updated_by`,
  );
  const row = rows[0];
  return {
    minimumPayout: row.minimum_payout,
    withholdingPercent: row.withholding_percent,
    provider: configuredPayoutProvider(ctx.config),
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

/** Saves both settings and audits the change (payout.settings), in one transaction; the same values change nothing. */
export function savePayoutSettings(
  ctx: AppContext,
  session: SessionUser,
  body: SavePayoutSettingsRequest,
): Promise<SavePayoutSettingsResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await readSettings(tx, true);
    const { rows } = await tx.query<{ same: boolean }>(
      'SELECT $1::numeric = $3::numeric AND $2::numeric = $4::numeric AS same',
      [before.minimumPayout, before.withholdingPercent, body.minimumPayout, body.withholdingPercent],
    );
    const changed = !rows[0].same;
    if (changed) {
      const at = ctx.now();
      await tx.query(
        `UPDATE payout_settings SET minimum_payout = $1, withholding_percent = $2, updated_by = $3, updated_at = $4`,
        [body.minimumPayout, body.withholdingPercent, session.userId, at],
      );
      const after = await readSettings(tx);
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: 'payout.settings',
        entityType: 'payout_settings',
        entityId: 'payouts',
        fromStatus: `minimum ₦${before.minimumPayout}, withholding ${before.withholdingPercent}%`,
        toStatus: `minimum ₦${after.minimumPayout}, withholding ${after.withholdingPercent}%`,
        details: { before, after },
        at,
      });
    }
    return {
      message: changed ? PayoutMessages.settingsSaved : PayoutMessages.settingsUnchanged,
      changed,
      settings: await payoutSettings(ctx, tx),
    };
  });
}
