import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { enqueueMessage } from '../messaging';

/**
 * The paid notice of a line (email and WhatsApp, '₦X sent to GTBank ****1234'), queued in the caller's
 * transaction, the one that marks the line paid. Stand-in for payruns' notify-paid until its branch is merged
 * (see docs/pending/paytransfer.md): the lead keeps one of the two.
 */
export async function notifyLinePaid(_ctx: AppContext, tx: Sql, lineId: number): Promise<void> {
  const { rows } = await tx.query<{
    net: string;
    bank_name: string | null;
    account_last4: string | null;
    email: string;
    phone_code: string;
    mobile_number: string;
  }>(
    `SELECT l.net::text AS net, l.bank_name, l.account_last4, a.email, a.phone_code, a.mobile_number
       FROM payout_lines l JOIN affiliates a ON a.affiliate_id = l.affiliate_id
      WHERE l.payout_line_id = $1`,
    [lineId],
  );
  const line = rows[0];
  if (!line) return;
  const [whole, kobo = '00'] = line.net.split('.');
  const amount = `₦${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${kobo.padEnd(2, '0')}`;
  const text = `${amount} sent to ${line.bank_name ?? 'your bank'} ****${line.account_last4 ?? ''}`;
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: line.email,
    subject: 'Your payout was sent',
    body: text,
  });
  await enqueueMessage(tx, {
    channel: 'whatsapp',
    recipient: `${line.phone_code.startsWith('+') ? '' : '+'}${line.phone_code}${line.mobile_number}`,
    body: text,
  });
}
