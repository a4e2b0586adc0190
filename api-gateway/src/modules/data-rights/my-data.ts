import type { ExcelPathResponse } from '@portal/contracts';
import { DataRightsMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { businessDay, businessTimestamp } from '../../lib/business-time';
import { SEALED_NUMBER_COLUMNS, type SealedNumberRow, openNumbers } from '../../lib/sealed-numbers';
import { auditTitle } from '../audit';
import { readMyPayouts } from './my-data-payouts';
import {
  type AnySheetJob,
  type ExportRunner,
  NAIRA_FORMAT,
  type SheetColumn,
  type SheetJob,
} from '../reports';

/** What an OTP message's body is replaced with in the workbook: its code is never written anywhere. */
export const OTP_BODY_WITHHELD = 'A verification code (not kept in this file).';

const when = (value: Date | string | null) =>
  value === null ? null : businessTimestamp(value instanceof Date ? value : new Date(value));
const money = (value: string | number) => Number(value);

async function* each<Row>(rows: readonly Row[]): AsyncIterable<Row> {
  yield* rows;
}

function sheet<Row>(name: string, columns: readonly SheetColumn<Row>[], rows: readonly Row[]): SheetJob<Row> {
  return { name, columns, rows: each(rows) };
}

interface ProfileRow extends SealedNumberRow {
  affiliate_id: string | number;
  affiliate_code: string;
  full_name: string;
  email: string;
  phone_code: string;
  mobile_number: string;
  country_name: string;
  identity_type: string;
  bank_name: string;
  bank_account_name: string | null;
  selfie_image_path: string | null;
  status: string;
  created_date: Date;
  updated_date: Date;
}

/**
 * `GET user/my-data` (issue 29, NDPA access and portability): one workbook, a sheet each for the profile, the
 * KYC history, orders, commission entries, payouts (issue 48), messages sent to the affiliate and its sign-in history, through the
 * exports' single-use link and rate limit. Its own numbers are in clear (it is theirs); OTP bodies never.
 * Staff who looked at its record appear by role, not by name (their names are not the affiliate's data).
 */
export async function exportMyData(
  ctx: AppContext,
  exportRunner: ExportRunner,
  session: SessionUser,
): Promise<ExcelPathResponse> {
  const data = await ctx.db.transaction((tx) => readMyData(ctx, tx, session.userId));
  if (!data) throw notFound(DataRightsMessages.noAffiliateRecord);
  return exportRunner.run(session.userId, {
    fileName: `my-data-${data.affiliateCode}-${businessDay(ctx.now())}.xlsx`,
    sheets: data.sheets,
  });
}

/** Every sheet's rows, read in one transaction (one consistent picture); a person's records are few. */
export async function readMyData(
  ctx: AppContext,
  sql: Sql,
  userId: number,
): Promise<{ affiliateCode: string; sheets: AnySheetJob[] } | undefined> {
  const { rows } = await sql.query<ProfileRow>(
    `SELECT a.affiliate_id, a.affiliate_code, a.full_name, a.email, a.phone_code, a.mobile_number,
            c.country_name, a.identity_type, ${SEALED_NUMBER_COLUMNS}, b.bank_name, a.bank_account_name,
            a.selfie_image_path, a.status, a.created_date, a.updated_date
       FROM affiliates a
       JOIN countries c ON c.country_id = a.country_id
       JOIN banks b ON b.bank_id = a.bank_id
      WHERE a.user_id = $1 AND a.erased_at IS NULL`,
    [userId],
  );
  const profile = rows[0];
  if (!profile) return undefined;
  const affiliateId = Number(profile.affiliate_id);
  const numbers = openNumbers(ctx.config.dataKeyring, profile);
  const field = { header: 'Field', width: 28, value: (row: [string, string]) => row[0] };
  const value = { header: 'Value', width: 48, value: (row: [string, string]) => row[1] };
  const profileSheet = sheet<[string, string]>(
    'Profile',
    [field, value],
    [
      ['Affiliate code', profile.affiliate_code],
      ['Full name', profile.full_name],
      ['Email', profile.email],
      ['Mobile number', `${profile.phone_code} ${profile.mobile_number}`],
      ['Country', profile.country_name],
      ['Identity type', profile.identity_type],
      [profile.identity_type === 'NIN' ? 'NIN' : 'BVN', numbers.ninOrBVN],
      ['Bank', profile.bank_name],
      ['Account number', numbers.accountNumber],
      ['Account name (from the bank)', profile.bank_account_name ?? 'Not verified'],
      ['Selfie', profile.selfie_image_path ? 'Stored' : 'None stored'],
      ['Status', profile.status],
      ['Registered on', when(profile.created_date) ?? ''],
      ['Last updated', when(profile.updated_date) ?? ''],
    ],
  );

  const history = await sql.query<{
    created_at: Date;
    action: string;
    from_status: string | null;
    to_status: string | null;
    remark: string | null;
    role_name: string | null;
    own: boolean;
  }>(
    `SELECT l.created_at, l.action, l.from_status, l.to_status, l.remark, r.role_name, l.actor_user_id = $2 AS own
       FROM audit_log l
       LEFT JOIN users u ON u.user_id = l.actor_user_id
       LEFT JOIN roles r ON r.role_id = u.role_id
      WHERE l.entity_type = 'affiliate' AND l.entity_id = $1
      ORDER BY l.created_at, l.audit_id`,
    [String(affiliateId), userId],
  );
  type History = (typeof history.rows)[number];
  const historySheet = sheet<History>(
    'KYC history',
    [
      { header: 'When', width: 20, value: (row) => when(row.created_at) },
      { header: 'What', width: 40, value: (row) => auditTitle(row.action) },
      { header: 'From status', width: 14, value: (row) => row.from_status },
      { header: 'To status', width: 14, value: (row) => row.to_status },
      { header: 'Remark', width: 48, value: (row) => row.remark },
      { header: 'By', width: 16, value: (row) => (row.own ? 'You' : (row.role_name ?? '')) },
    ],
    history.rows,
  );

  const orders = await sql.query<{
    order_code: string;
    order_date: Date | string;
    business_name: string;
    order_value: string;
    product_category: string;
    status: string;
    commission_amount: string;
  }>(
    `SELECT o.order_code, o.order_date::text AS order_date, r.business_name, o.order_value, o.product_category,
            o.status, o.commission_amount
       FROM orders o JOIN retailers r ON r.retailer_id = o.retailer_id
      WHERE o.affiliate_id = $1
      ORDER BY o.order_date, o.order_id`,
    [affiliateId],
  );
  type Order = (typeof orders.rows)[number];
  const orderSheet = sheet<Order>(
    'Orders',
    [
      { header: 'Order', width: 16, value: (row) => row.order_code },
      { header: 'Date', width: 12, value: (row) => String(row.order_date) },
      { header: 'Retailer', width: 30, value: (row) => row.business_name },
      { header: 'Category', width: 20, value: (row) => row.product_category },
      { header: 'Status', width: 12, value: (row) => row.status },
      { header: 'Order value', width: 16, value: (row) => money(row.order_value), numFmt: NAIRA_FORMAT },
      { header: 'Commission', width: 16, value: (row) => money(row.commission_amount), numFmt: NAIRA_FORMAT },
    ],
    orders.rows,
  );

  const entries = await sql.query<{
    created_at: Date;
    order_code: string;
    kind: string;
    amount: string;
    reason: string;
    available_at: Date;
    reversed: boolean;
  }>(
    `SELECT e.created_at, o.order_code, e.kind, e.amount, e.reason, e.available_at, e.reversed
       FROM commission_entries e JOIN orders o ON o.order_id = e.order_id
      WHERE e.affiliate_id = $1
      ORDER BY e.created_at, e.entry_id`,
    [affiliateId],
  );
  type Entry = (typeof entries.rows)[number];
  const commissionSheet = sheet<Entry>(
    'Commission',
    [
      { header: 'When', width: 20, value: (row) => when(row.created_at) },
      { header: 'Order', width: 16, value: (row) => row.order_code },
      { header: 'Kind', width: 12, value: (row) => row.kind },
      { header: 'Amount', width: 16, value: (row) => money(row.amount), numFmt: NAIRA_FORMAT },
      { header: 'Reason', width: 40, value: (row) => row.reason },
      { header: 'Available from', width: 20, value: (row) => when(row.available_at) },
      { header: 'Reversed', width: 10, value: (row) => (row.reversed ? 'Yes' : 'No') },
    ],
    entries.rows,
  );

  const payouts = await readMyPayouts(sql, affiliateId);
  const payoutSheet = sheet('Payouts', payouts.columns, payouts.rows);

  const phones = [`${profile.phone_code}${profile.mobile_number}`, profile.mobile_number].map((text) =>
    text.replace(/\D/g, ''),
  );
  const messages = await sql.query<{
    created_at: Date;
    channel: string;
    recipient: string;
    subject: string | null;
    body: string;
    purpose: string | null;
    status: string;
    delivery_status: string | null;
    sent_at: Date | null;
  }>(
    `SELECT created_at, channel, recipient, subject, body, purpose, status, delivery_status, sent_at
       FROM outbox
      WHERE lower(recipient) = lower($1)
         OR (channel <> 'email' AND regexp_replace(recipient, '\\D', '', 'g') = ANY($2::text[]))
      ORDER BY created_at, message_id`,
    [profile.email, phones],
  );
  type Message = (typeof messages.rows)[number];
  const messageSheet = sheet<Message>(
    'Messages',
    [
      { header: 'When', width: 20, value: (row) => when(row.created_at) },
      { header: 'Channel', width: 10, value: (row) => row.channel },
      { header: 'To', width: 30, value: (row) => row.recipient },
      { header: 'Subject', width: 36, value: (row) => row.subject },
      {
        header: 'Message',
        width: 80,
        value: (row) => (row.purpose === 'otp' ? OTP_BODY_WITHHELD : row.body),
      },
      { header: 'Status', width: 10, value: (row) => row.delivery_status ?? row.status },
      { header: 'Sent', width: 20, value: (row) => when(row.sent_at) },
    ],
    messages.rows,
  );

  const signIns = await sql.query<{
    logged_at: Date;
    success: boolean;
    failure_reason: string | null;
    ip: string | null;
    user_agent: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    `SELECT logged_at, success, failure_reason, ip, user_agent, latitude, longitude
       FROM login_history WHERE user_id = $1 ORDER BY logged_at, login_id`,
    [userId],
  );
  type SignIn = (typeof signIns.rows)[number];
  const signInSheet = sheet<SignIn>(
    'Sign-in history',
    [
      { header: 'When', width: 20, value: (row) => when(row.logged_at) },
      { header: 'Result', width: 10, value: (row) => (row.success ? 'Success' : 'Failed') },
      { header: 'Reason', width: 24, value: (row) => row.failure_reason },
      { header: 'IP address', width: 18, value: (row) => row.ip },
      { header: 'Browser', width: 50, value: (row) => row.user_agent },
      { header: 'Latitude', width: 12, value: (row) => row.latitude },
      { header: 'Longitude', width: 12, value: (row) => row.longitude },
    ],
    signIns.rows,
  );

  return {
    affiliateCode: profile.affiliate_code,
    sheets: [profileSheet, historySheet, orderSheet, commissionSheet, payoutSheet, messageSheet, signInSheet],
  };
}
