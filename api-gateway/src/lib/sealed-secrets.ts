import type { AppContext } from '../context';
import { type DataKeyring, type ResealReport, open, seal, sealedKeyId } from './field-crypto';

/**
 * The staff TOTP secret at rest (issue 29, migration 065): sealed like the identity numbers, field
 * 'totp_secret'. Only modules/auth/second-factor-store.ts and this file touch the two columns.
 */
export interface StoredSecretRow {
  secret: string | null;
  secret_sealed: string | null;
}

/** The clear secret; a row written before sealing (not yet sealed at start) is read as it is. */
export function openSecret(keyring: DataKeyring, row: StoredSecretRow): string {
  return row.secret_sealed ? open(keyring, 'totp_secret', row.secret_sealed) : (row.secret ?? '');
}

export function sealSecret(keyring: DataKeyring, secret: string): string {
  return seal(keyring, 'totp_secret', secret);
}

/**
 * Seals the secrets still in clear (`clear`, every start, after the numbers) or rewrites every one not under
 * the current key (`rotate`, the rotate-data-key command). One transaction, rows locked: a handful of staff.
 * A factor being confirmed or used at the same moment compares the stored value it read, so it fails once and
 * the user types the next code.
 */
export async function resealSecondFactorSecrets(
  ctx: Pick<AppContext, 'db' | 'config'>,
  scope: 'clear' | 'rotate',
): Promise<ResealReport> {
  const keyring = ctx.config.dataKeyring;
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<StoredSecretRow & { user_id: string | number }>(
      `SELECT user_id, secret, secret_sealed FROM user_second_factors
        WHERE secret IS NOT NULL ${scope === 'rotate' ? "OR split_part(secret_sealed, ':', 2) <> $1" : ''}
        ORDER BY user_id FOR UPDATE`,
      scope === 'rotate' ? [keyring.currentId] : [],
    );
    const report: ResealReport = { rows: 0, unreadable: 0 };
    for (const row of rows) {
      const id = row.secret_sealed ? sealedKeyId(row.secret_sealed) : keyring.currentId;
      if (id === null || !keyring.keys.has(id)) {
        report.unreadable += 1;
        continue;
      }
      await tx.query('UPDATE user_second_factors SET secret_sealed = $2, secret = NULL WHERE user_id = $1', [
        row.user_id,
        sealSecret(keyring, openSecret(keyring, row)),
      ]);
      report.rows += 1;
    }
    return report;
  });
}
