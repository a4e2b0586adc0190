import type { AppContext } from '../context';
import { arrayLiteral, type Sql } from '../db/database';
import {
  type DataKeyring,
  type ResealReport,
  keyedNumberHash,
  keyedNumberHashes,
  maskNumber,
  open,
  seal,
  sealedKeyId,
} from './field-crypto';
import { resealSecondFactorSecrets } from './sealed-secrets';

/**
 * The affiliate's BVN/NIN and bank account number as stored (issue 29): every write goes through
 * `sealedNumberParams`, every read through `openNumbers`; nothing else touches the four columns.
 */
export interface IdentityNumbers {
  ninOrBVN: string;
  accountNumber: string;
}

/** The columns a read selects (table alias `a`) for `openNumbers`. */
export const SEALED_NUMBER_COLUMNS = `a.nin_or_bvn, a.nin_or_bvn_sealed, a.account_number, a.account_number_sealed`;

export interface SealedNumberRow {
  nin_or_bvn: string | null;
  nin_or_bvn_sealed: string | null;
  account_number: string | null;
  account_number_sealed: string | null;
}

/** The clear numbers of a row; a row written before sealing (not yet sealed at start) is read as it is. */
export function openNumbers(keyring: DataKeyring, row: SealedNumberRow): IdentityNumbers {
  return {
    ninOrBVN: row.nin_or_bvn_sealed
      ? open(keyring, 'nin_or_bvn', row.nin_or_bvn_sealed)
      : (row.nin_or_bvn ?? ''),
    accountNumber: openAccountNumber(keyring, row),
  };
}

/** The clear account number alone (a payout's account): one value opened, not two. */
export function openAccountNumber(
  keyring: DataKeyring,
  row: Pick<SealedNumberRow, 'account_number' | 'account_number_sealed'>,
): string {
  return row.account_number_sealed
    ? open(keyring, 'account_number', row.account_number_sealed)
    : (row.account_number ?? '');
}

/** What screens show: `••••••••562`. */
export function maskedNumbers(keyring: DataKeyring, row: SealedNumberRow): IdentityNumbers {
  const clear = openNumbers(keyring, row);
  return { ninOrBVN: maskNumber(clear.ninOrBVN), accountNumber: maskNumber(clear.accountNumber) };
}

/** The row with its four stored number columns swapped for the clear numbers, or for masked ones. */
export function withNumbers<Row extends SealedNumberRow>(
  keyring: DataKeyring,
  row: Row,
  shown: 'clear' | 'masked',
): Omit<Row, keyof SealedNumberRow> & IdentityNumbers {
  const {
    nin_or_bvn: _n,
    nin_or_bvn_sealed: _ns,
    account_number: _a,
    account_number_sealed: _as,
    ...rest
  } = row;
  return { ...rest, ...(shown === 'clear' ? openNumbers(keyring, row) : maskedNumbers(keyring, row)) };
}

/** Values for nin_or_bvn_sealed, nin_or_bvn_hash, account_number_sealed, account_number_hash, in that order. */
export function sealedNumberParams(
  keyring: DataKeyring,
  numbers: IdentityNumbers,
): [string, string, string, string] {
  return [
    seal(keyring, 'nin_or_bvn', numbers.ninOrBVN),
    keyedNumberHash(keyring, 'nin_or_bvn', numbers.ninOrBVN),
    seal(keyring, 'account_number', numbers.accountNumber),
    keyedNumberHash(keyring, 'account_number', numbers.accountNumber),
  ];
}

/** Hashes to match with `= ANY($n::text[])`: one per known key, so lookups work during a rotation. */
export function numberLookupHashes(
  keyring: DataKeyring,
  field: 'nin_or_bvn' | 'account_number',
  clear: string,
): string {
  return arrayLiteral(keyedNumberHashes(keyring, field, clear));
}

/**
 * A search that is a whole BVN/NIN (11 digits) or account number (10), spaces and dashes aside: the keyed
 * hashes to find it by, as `= ANY($n::text[])` parameters; undefined for any other search.
 */
export function exactNumberSearch(
  keyring: DataKeyring,
  search: string | undefined,
): { ninOrBVN: string; accountNumber: string } | undefined {
  const digits = (search ?? '').replace(/[\s-]/g, '');
  if (!/^\d{10,11}$/.test(digits)) return undefined;
  return {
    ninOrBVN: numberLookupHashes(keyring, 'nin_or_bvn', digits),
    accountNumber: numberLookupHashes(keyring, 'account_number', digits),
  };
}

export type { ResealReport } from './field-crypto';

const BATCH = 500;

/**
 * Seals what is still in clear (`scope: 'clear'`, every start: the rows written before this version), or
 * rewrites every value not under the current key (`scope: 'rotate'`, the rotate-data-key command). Batches
 * of 500 in affiliate_id order, each in its own transaction with the rows locked (FOR UPDATE): a re-KYC
 * waits or is waited for, and a second gateway doing the same at the same time re-checks each locked row
 * and skips what the first already did. Idempotent: run it again and it finds nothing.
 */
export async function resealNumbers(
  ctx: Pick<AppContext, 'db' | 'config'>,
  scope: 'clear' | 'rotate',
): Promise<ResealReport> {
  const keyring = ctx.config.dataKeyring;
  const report: ResealReport = { rows: 0, unreadable: 0 };
  const needsWork =
    scope === 'clear'
      ? '(nin_or_bvn IS NOT NULL OR account_number IS NOT NULL)'
      : `(nin_or_bvn IS NOT NULL OR account_number IS NOT NULL
          OR split_part(nin_or_bvn_sealed, ':', 2) <> $3 OR split_part(account_number_sealed, ':', 2) <> $3
          OR split_part(nin_or_bvn_hash, ':', 1) <> $3 OR split_part(account_number_hash, ':', 1) <> $3)`;
  let after = 0;
  for (;;) {
    // Counted after the commit: a transaction the database retries runs its body again.
    const { batch, sealed, unreadable } = await ctx.db.transaction(async (tx) => {
      // The same numbers under a new key: not a change of account (migration 079 keeps its verification).
      await tx.query("SELECT set_config('portal.number_reseal', 'on', true)");
      const { rows } = await tx.query<SealedNumberRow & { affiliate_id: string | number }>(
        `SELECT affiliate_id, nin_or_bvn, nin_or_bvn_sealed, account_number, account_number_sealed
           FROM affiliates
          WHERE affiliate_id > $1 AND ${needsWork}
          ORDER BY affiliate_id LIMIT $2
          FOR UPDATE`,
        scope === 'clear' ? [after, BATCH] : [after, BATCH, keyring.currentId],
      );
      let done = 0;
      for (const row of rows) {
        if (!readable(keyring, row)) continue;
        await writeSealed(tx, keyring, Number(row.affiliate_id), openNumbers(keyring, row));
        done += 1;
      }
      return { batch: rows, sealed: done, unreadable: rows.length - done };
    });
    report.rows += sealed;
    report.unreadable += unreadable;
    if (batch.length < BATCH) break;
    after = Number(batch[batch.length - 1].affiliate_id);
  }
  return report;
}

function readable(keyring: DataKeyring, row: SealedNumberRow): boolean {
  return [row.nin_or_bvn_sealed, row.account_number_sealed].every((value) => {
    if (value === null) return true;
    const id = sealedKeyId(value);
    return id !== null && keyring.keys.has(id);
  });
}

/** Writes both numbers sealed under the current key and empties the clear columns, in one UPDATE. */
export async function writeSealed(
  sql: Sql,
  keyring: DataKeyring,
  affiliateId: number,
  numbers: IdentityNumbers,
): Promise<void> {
  await sql.query(
    `UPDATE affiliates
        SET nin_or_bvn_sealed = $2, nin_or_bvn_hash = $3, account_number_sealed = $4, account_number_hash = $5,
            nin_or_bvn = NULL, account_number = NULL
      WHERE affiliate_id = $1`,
    [affiliateId, ...sealedNumberParams(keyring, numbers)],
  );
}

/**
 * At start, after the migrations (and the demo seed): seals the rows still in clear. When it sealed any, the
 * table is vacuumed so the old row versions holding the clear numbers are dropped; on the embedded database
 * (one process, nothing served yet) VACUUM FULL rewrites its files, on PostgreSQL a plain VACUUM
 * (docs/running-in-production.md says what else to do there: old backups and WAL still hold them).
 */
export async function sealNumbersAtStart(
  ctx: Pick<AppContext, 'db' | 'config' | 'logger'>,
): Promise<ResealReport> {
  const report = await resealNumbers(ctx, 'clear');
  // The staff TOTP secrets too (migration 065): a handful of rows.
  const secrets = await resealSecondFactorSecrets(ctx, 'clear');
  if (secrets.rows > 0) {
    await ctx.db
      .exec(ctx.db.driver === 'pglite' ? 'VACUUM FULL user_second_factors' : 'VACUUM user_second_factors')
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'vacuum after sealing secrets failed'));
    ctx.logger.info({ rows: secrets.rows }, 'second-factor secrets sealed');
  }
  report.unreadable += secrets.unreadable;
  if (report.rows > 0) {
    await ctx.db
      .exec(ctx.db.driver === 'pglite' ? 'VACUUM FULL affiliates' : 'VACUUM affiliates')
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'vacuum after sealing numbers failed'));
    ctx.logger.info({ rows: report.rows }, 'identity and bank numbers sealed');
  }
  if (report.unreadable > 0) {
    ctx.logger.error(
      { rows: report.unreadable },
      'identity numbers sealed under a key that is not configured',
    );
  }
  return report;
}
