import { PayoutMessages } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { enqueueMessage } from '../messaging';
import { accountLabel, nairaText } from './account-label';

/**
 * The paid notice of a line: an email and a WhatsApp message ('₦X sent to GTBank ****1234'), queued in the
 * caller's transaction, the one that marks the line paid, so the messages exist exactly when the line is paid.
 * Called by every path that pays a line (bank result, by hand, Paystack's webhook and reconciler) through
 * markLinePaid.
 */
export function notifyLinePaid(sql: Sql, lineId: number): Promise<void> {
  return notifyLine(sql, lineId, 'paid');
}

/**
 * Issue 48: the affiliate was told the money went out; when the bank returns it (Paystack's transfer.reversed)
 * they are told that too, by the same two channels, in the transaction that marks the line reversed.
 */
export function notifyLineReversed(sql: Sql, lineId: number): Promise<void> {
  return notifyLine(sql, lineId, 'reversed');
}

async function notifyLine(sql: Sql, lineId: number, what: 'paid' | 'reversed'): Promise<void> {
  const { rows } = await sql.query<{
    net: string;
    bank_name: string | null;
    account_last4: string | null;
    email: string;
    phone_code: string;
    mobile_number: string;
    full_name: string;
  }>(
    `SELECT l.net::text AS net, l.bank_name, l.account_last4, a.email, a.phone_code, a.mobile_number, a.full_name
       FROM payout_lines l JOIN affiliates a ON a.affiliate_id = l.affiliate_id
      WHERE l.payout_line_id = $1`,
    [lineId],
  );
  const line = rows[0];
  if (!line) return;
  const account = accountLabel(line.bank_name, line.account_last4) ?? 'your bank account';
  const subject = what === 'paid' ? 'Your commission has been paid' : 'Your commission payment was returned';
  const notice =
    what === 'paid'
      ? PayoutMessages.paidNotice(nairaText(line.net), account)
      : PayoutMessages.reversedNotice(nairaText(line.net), account);
  await enqueueMessage(sql, {
    channel: 'email',
    recipient: line.email,
    subject,
    body:
      what === 'paid'
        ? `Dear ${line.full_name},\n\n${notice}.\n\nThe remittance advice is on the Payouts page of the Affiliate Portal.`
        : `Dear ${line.full_name},\n\n${notice}.\n\nIf your bank account has changed, update it in the Affiliate Portal.`,
  });
  const prefix = line.phone_code.startsWith('+') ? '' : '+';
  await enqueueMessage(sql, {
    channel: 'whatsapp',
    recipient: `${prefix}${line.phone_code}${line.mobile_number}`,
    // Not sent (WhatsApp text has no subject): it names the message in the admin's outbox (issue 51).
    subject,
    body: `Affiliate Portal: ${notice}.`,
  });
}
