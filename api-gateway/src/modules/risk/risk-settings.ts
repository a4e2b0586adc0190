import {
  RISK_SETTING_FIELDS,
  type RiskSettingKey,
  type RiskSettings,
  type RiskSettingsResponse,
  type SaveRiskSettingsRequest,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';

const KEYS = Object.keys(RISK_SETTING_FIELDS) as RiskSettingKey[];

/** The thresholds as stored (migration 110 writes every key), locked FOR UPDATE when `lock` (a save). */
export async function readRiskSettings(sql: Sql, lock = false): Promise<RiskSettings> {
  const { rows } = await sql.query<{ setting_key: string; value: string }>(
    `SELECT setting_key, value::text FROM risk_settings ORDER BY setting_key ${lock ? 'FOR UPDATE' : ''}`,
  );
  const stored = new Map(rows.map((row) => [row.setting_key, Number(row.value)]));
  return Object.fromEntries(KEYS.map((key) => [key, stored.get(key) ?? 0])) as RiskSettings;
}

export async function riskSettings(sql: Sql): Promise<RiskSettingsResponse> {
  const settings = await readRiskSettings(sql);
  const { rows } = await sql.query<{ updated_at: Date | string; updated_by: string }>(
    `SELECT s.updated_at, u.full_name AS updated_by FROM risk_settings s JOIN users u ON u.user_id = s.updated_by
      ORDER BY s.updated_at DESC LIMIT 1`,
  );
  return {
    settings,
    updatedAt: rows[0] ? new Date(rows[0].updated_at).toISOString() : null,
    updatedBy: rows[0]?.updated_by ?? null,
  };
}

/** Writes the thresholds that changed and audits them (risk.settings: before and after) in one transaction. */
export function saveRiskSettings(
  ctx: AppContext,
  session: SessionUser,
  body: SaveRiskSettingsRequest,
): Promise<RiskSettingsResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await readRiskSettings(tx, true);
    const changed = KEYS.filter((key) => body[key] !== undefined && body[key] !== before[key]);
    if (changed.length > 0) {
      const at = ctx.now();
      for (const key of changed) {
        await tx.query(
          'UPDATE risk_settings SET value = $2, updated_by = $3, updated_at = $4 WHERE setting_key = $1',
          [key, body[key], session.userId, at],
        );
      }
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: 'risk.settings',
        entityType: 'risk_settings',
        entityId: 'risk',
        details: {
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, body[key]])),
        },
        at,
      });
    }
    return riskSettings(tx);
  });
}
