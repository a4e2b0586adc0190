import type { RiskCaseKind, RiskSettings } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { businessDay } from '../../lib/business-time';
import { recordAudit } from '../audit';
import { type Scoped, retailerRehoming, selfDealing, sharedDetail } from './identity-signals';
import { cancellations, orderBurst, thresholdGaming } from './order-signals';
import { readRiskSettings } from './risk-settings';

interface Signal {
  kind: RiskCaseKind;
  found(scoped: Scoped): string;
  /** The parameters after $1 (scope) and $2 (now). */
  params(settings: RiskSettings, today: string): unknown[];
}

const none = () => [];
const SIGNALS: readonly Signal[] = [
  { kind: 'selfDealing', found: selfDealing, params: none },
  { kind: 'sharedAccount', found: (s) => sharedDetail('sharedAccount', s), params: none },
  { kind: 'sharedMobile', found: (s) => sharedDetail('sharedMobile', s), params: none },
  { kind: 'sharedIdentity', found: (s) => sharedDetail('sharedIdentity', s), params: none },
  { kind: 'retailerRehoming', found: retailerRehoming, params: none },
  {
    kind: 'cancellations',
    found: cancellations,
    params: (s) => [s.cancellationWindowDays, s.cancellationRatePercent, s.cancellationMinimumOrders],
  },
  {
    kind: 'orderBurst',
    found: orderBurst,
    params: (s, today) => [today, s.burstBaselineDays, s.burstFactor, s.burstMinimumOrders],
  },
  {
    kind: 'thresholdGaming',
    found: thresholdGaming,
    params: (s, today) => [
      today,
      s.gamingWindowDays,
      s.gamingMarginPercent,
      s.gamingMinimumOrders,
      s.gamingSharePercent,
    ],
  },
];

/**
 * One statement per signal: what it found opens a case, or refreshes the open one of that affiliate and kind
 * (the partial unique index makes two gateways agree); rows a person already closed a case on open nothing.
 */
function raiseSql(signal: Signal, scoped: Scoped): string {
  return `
  WITH found AS (${signal.found(scoped)})
  INSERT INTO risk_cases AS c (affiliate_id, kind, severity, summary, evidence, evidence_key, opened_at, seen_at)
  SELECT f.affiliate_id, '${signal.kind}', f.severity, f.summary, f.evidence, f.evidence_key, $2::timestamptz, $2::timestamptz
    FROM found f
   WHERE NOT EXISTS (SELECT 1 FROM risk_cases d
                      WHERE d.affiliate_id = f.affiliate_id AND d.kind = '${signal.kind}' AND d.state <> 'open'
                        AND d.evidence_key = f.evidence_key)
  ON CONFLICT (affiliate_id, kind) WHERE state = 'open' DO UPDATE
     SET severity = greatest(c.severity, excluded.severity), summary = excluded.summary,
         evidence = excluded.evidence, evidence_key = excluded.evidence_key, seen_at = excluded.seen_at
   WHERE c.evidence_key <> excluded.evidence_key
  RETURNING c.case_id, c.affiliate_id, c.severity, (xmax = 0) AS opened`;
}

export interface RaiseOutcome {
  opened: number;
  refreshed: number;
}

/** The signals, in the order a pass runs them. */
export const SIGNAL_KINDS: readonly RiskCaseKind[] = SIGNALS.map((signal) => signal.kind);

/**
 * Runs every signal (or `only` one) over the given affiliates (and those their rows connect them to), or over all
 * of them (`'all'`), in the caller's transaction. Each opened case gets an audit row on the affiliate.
 */
export async function raiseSignals(
  ctx: AppContext,
  sql: Sql,
  affiliates: readonly number[] | 'all',
  only?: RiskCaseKind,
): Promise<RaiseOutcome> {
  const outcome: RaiseOutcome = { opened: 0, refreshed: 0 };
  if (affiliates !== 'all' && affiliates.length === 0) return outcome;
  const settings = await readRiskSettings(sql);
  const now = ctx.now();
  const today = businessDay(now);
  const scoped = affiliates !== 'all';
  const scope = scoped ? `{${affiliates.map((id) => String(Math.trunc(id))).join(',')}}` : null;
  for (const signal of SIGNALS.filter((one) => only === undefined || one.kind === only)) {
    const { rows } = await sql.query<{
      case_id: string | number;
      affiliate_id: string | number;
      severity: number;
      opened: boolean;
    }>(raiseSql(signal, scoped), [scope, now, ...signal.params(settings, today)]);
    for (const row of rows) {
      if (!row.opened) {
        outcome.refreshed += 1;
        continue;
      }
      outcome.opened += 1;
      await recordAudit(sql, {
        actorUserId: null,
        action: 'risk.case_opened',
        entityType: 'affiliate',
        entityId: Number(row.affiliate_id),
        toStatus: 'open',
        details: { caseId: Number(row.case_id), kind: signal.kind, severity: Number(row.severity) },
        at: now,
      });
    }
  }
  return outcome;
}
