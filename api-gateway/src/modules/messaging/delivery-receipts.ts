import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';

export const RECEIPT_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** What a provider reported about one message it took (a WhatsApp status, a Termii delivery report). */
export interface DeliveryReceipt {
  channel: 'whatsapp' | 'sms';
  /** The provider's id of the message (WhatsApp wamid, Termii message_id). */
  providerMessageId: string;
  status: ReceiptStatus;
  at: Date;
  /** For a failure the applicant can act on: the words the registration screen shows. */
  userError: string | null;
  /** For a failure: what staff see as the message's last error. */
  failure: string | null;
}

/** A receipt whose message id no outbox row ever gets (another sender on the same account) is dropped after this. */
export const EARLY_RECEIPT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Applies one receipt to the outbox row with that provider id, only forward: sent < delivered < read; failed
 * only before delivered (a failure reported after a delivery is stale) and final. A repeated or older receipt
 * matches no row. One conditional UPDATE per receipt, so two notifications racing cannot move a row back.
 */
async function applyToRow(sql: Sql, receipt: DeliveryReceipt): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE outbox SET delivery_status = $3::text, delivery_status_at = $4,
            fallback_due_at = CASE WHEN $3::text IN ('delivered', 'read') THEN NULL ELSE fallback_due_at END,
            user_error = coalesce($5, user_error),
            last_error = coalesce($6, last_error)
      WHERE channel = $1 AND provider_message_id = $2
        AND CASE WHEN $3::text = 'failed'
                 THEN delivery_status IS NULL OR delivery_status = 'sent'
                 ELSE delivery_status IS DISTINCT FROM 'failed'
                      AND coalesce(array_position(ARRAY['sent', 'delivered', 'read'], delivery_status), 0)
                          < array_position(ARRAY['sent', 'delivered', 'read'], $3::text)
            END`,
    [
      receipt.channel,
      receipt.providerMessageId,
      receipt.status,
      receipt.at,
      receipt.userError,
      receipt.failure,
    ],
  );
  return (rowCount ?? 0) > 0;
}

interface EarlyRow {
  receipt_id: string | number;
  channel: DeliveryReceipt['channel'];
  provider_message_id: string;
  status: ReceiptStatus;
  status_at: Date;
  user_error: string | null;
  failure: string | null;
}

/**
 * Applies the kept receipts whose message id an outbox row now carries (one id, or all of them), in the order
 * they arrived, and deletes them, in one transaction: a receipt is applied once and never lost. Called after
 * a receipt is kept (the id may have been stored meanwhile) and after an id is stored. Whichever of the two
 * statements runs last sees both the id and the receipt, so the race between the send call's answer and the
 * provider's webhook loses nothing (READ COMMITTED: each statement sees what was committed before it began).
 * Returns the receipts that changed a row.
 */
export async function applyEarlyReceipts(
  ctx: AppContext,
  only?: { channel: DeliveryReceipt['channel']; providerMessageId: string },
): Promise<DeliveryReceipt[]> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<EarlyRow>(
      `DELETE FROM early_delivery_receipts r
        WHERE ($1::text IS NULL OR (r.channel = $1 AND r.provider_message_id = $2))
          AND EXISTS (SELECT 1 FROM outbox o
                       WHERE o.channel = r.channel AND o.provider_message_id = r.provider_message_id)
        RETURNING receipt_id, channel, provider_message_id, status, status_at, user_error, failure`,
      [only?.channel ?? null, only?.providerMessageId ?? null],
    );
    rows.sort((a, b) => Number(a.receipt_id) - Number(b.receipt_id));
    const applied: DeliveryReceipt[] = [];
    for (const row of rows) {
      const receipt: DeliveryReceipt = {
        channel: row.channel,
        providerMessageId: row.provider_message_id,
        status: row.status,
        at: new Date(row.status_at),
        userError: row.user_error,
        failure: row.failure,
      };
      if (await applyToRow(tx, receipt)) applied.push(receipt);
    }
    return applied;
  });
}

// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * Issue 48: a signed receipt is still outside text. PostgreSQL refuses a NUL in text (a 500, which the provider
 * retries for days), so before anything is written: an id with a control character is none we ever stored
 * (ignored, 2xx), and control characters in the error text become spaces.
 */
function storableReceipt(receipt: DeliveryReceipt): DeliveryReceipt | undefined {
  if (receipt.providerMessageId.replace(CONTROL_CHARACTERS, '') !== receipt.providerMessageId)
    return undefined;
  const plain = (text: string | null) => text && text.replace(CONTROL_CHARACTERS, ' ');
  return { ...receipt, userError: plain(receipt.userError), failure: plain(receipt.failure) };
}

/**
 * Applies a receipt from a provider's webhook. When no outbox row has its id yet (the webhook beat the worker,
 * which stores the id once the send call has answered), the receipt is kept and applied when the id is stored.
 * Returns the receipts that changed a row: this one, or kept ones the stored id now lets through.
 */
export async function receiveReceipt(ctx: AppContext, given: DeliveryReceipt): Promise<DeliveryReceipt[]> {
  const receipt = storableReceipt(given);
  if (!receipt) return [];
  if (await applyToRow(ctx.db, receipt)) return [receipt];
  // No row changed: the id is not stored yet, or the receipt is stale. Kept either way (a stale one is deleted
  // at once below, as its row exists); a repeated one is kept once.
  const now = ctx.now();
  await ctx.db.query(
    `INSERT INTO early_delivery_receipts
            (channel, provider_message_id, status, status_at, user_error, failure, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (channel, provider_message_id, status) DO NOTHING`,
    [
      receipt.channel,
      receipt.providerMessageId,
      receipt.status,
      receipt.at,
      receipt.userError?.slice(0, 300) ?? null,
      receipt.failure?.slice(0, 500) ?? null,
      now,
    ],
  );
  return applyEarlyReceipts(ctx, { channel: receipt.channel, providerMessageId: receipt.providerMessageId });
}

/** Drops kept receipts no outbox row claimed within EARLY_RECEIPT_LIFETIME_MS; how many. */
export async function dropStaleEarlyReceipts(ctx: AppContext): Promise<number> {
  const { rowCount } = await ctx.db.query(`DELETE FROM early_delivery_receipts WHERE received_at < $1`, [
    new Date(ctx.now().getTime() - EARLY_RECEIPT_LIFETIME_MS),
  ]);
  return rowCount ?? 0;
}
