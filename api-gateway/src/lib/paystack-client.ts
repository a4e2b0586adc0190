import type { Logger } from 'pino';

/** The provider's name, as payouts, bank verification and the logs store it. */
export const PAYSTACK = 'paystack';

/**
 * The one Paystack HTTP client of the gateway: every call with the Bearer secret key (only in the Authorization
 * header) and a timeout. Bank verification (issue 27) asks it to resolve an account (`resolveAccount`, its
 * answer read by modules/bank-verification/paystack.ts); Paystack Transfers (issue 28) are the calls a payout
 * run makes:
 * - POST /transferrecipient { type: 'nuban', name, account_number, bank_code, currency: 'NGN' } →
 *   data.recipient_code (kept per account: paystack_transfer_recipients, migration 062);
 * - GET /balance → data: [{ currency, balance (kobo) }];
 * - POST /transfer/bulk { currency: 'NGN', source: 'balance', transfers: [{ amount (kobo), recipient,
 *   reference, reason }] } → data: [{ reference, transfer_code, status, ... }], at most PAYSTACK_BULK_CHUNK per
 *   call;
 * - GET /transfer/verify/:reference → data { status, transfer_code, reference }, 404 when Paystack has none.
 *
 * Every answer is classified: `ok`; `refused` (a 4xx that says no: nothing was done, conclusively); or
 * `inconclusive` (5xx, 429, 401/403 (our key), a timeout, no connection, an unreadable answer): the request may
 * or may not have been acted on, so a transfer in it is neither sent nor failed until verified by reference.
 */

/**
 * Transfers per POST /transfer/bulk. Paystack's bulk-transfer guide asks integrations to split large
 * disbursements into batches; 100 keeps one request's body small (about 15 KB), one answer quick, and the
 * transfers left 'sending' by one lost answer few.
 */
export const PAYSTACK_BULK_CHUNK = 100;

export interface PaystackSettings {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export type CallOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'inconclusive'; reason: string };

/** What Paystack says of one transfer. */
export interface TransferState {
  reference: string;
  transferCode: string | null;
  /** Paystack's status: pending, success, failed, reversed, otp, abandoned, blocked, rejected, received... */
  status: string;
  message?: string;
  /**
   * What Paystack says it moved (issue 48): whole kobo and the currency code, when the answer states them; null
   * when the answer has the field but not as a usable value. A success is believed only when both match the line.
   */
  amountKobo?: number | null;
  currency?: string | null;
  /** Paystack's fee for the transfer, naira text (its `fee_charged`, in kobo), when the answer tells it. */
  fee?: string | null;
}

/** The amount and currency of a transfer answer or event, as TransferState holds them. */
export function statedMoney(data: Record<string, unknown>): Pick<TransferState, 'amountKobo' | 'currency'> {
  return {
    ...('amount' in data
      ? {
          amountKobo:
            typeof data.amount === 'number' && Number.isSafeInteger(data.amount) ? data.amount : null,
        }
      : {}),
    ...('currency' in data
      ? {
          currency:
            typeof data.currency === 'string' && /^[A-Za-z]{3}$/.test(data.currency) ? data.currency : null,
        }
      : {}),
  };
}

/**
 * Paystack's `fee_charged` of a transfer object (fetch, verify, webhook events), whole kobo, to naira text;
 * null when absent or not a plausible fee (issue 48: a Paystack run's totals show the fees).
 */
export function paystackFee(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > 100_000_000)
    return null;
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

export interface BulkItem {
  /** Whole kobo. */
  amountKobo: number;
  recipient: string;
  reference: string;
  reason: string;
}

export interface PaystackTransfersClient {
  createRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<CallOutcome<{ recipientCode: string }>>;
  /** NGN balance in kobo. */
  balance(): Promise<CallOutcome<{ balanceKobo: number }>>;
  /** One call for at most PAYSTACK_BULK_CHUNK transfers; the answer's items by reference. */
  bulkTransfer(items: readonly BulkItem[]): Promise<CallOutcome<Map<string, TransferState>>>;
  /** `null` value: Paystack has no transfer with this reference (404). */
  verify(reference: string): Promise<CallOutcome<TransferState | null>>;
}

export interface Answer {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function transferState(value: unknown): TransferState | null {
  const data = record(value);
  if (typeof data.reference !== 'string' || typeof data.status !== 'string') return null;
  return {
    reference: data.reference,
    transferCode: typeof data.transfer_code === 'string' ? data.transfer_code : null,
    status: data.status.toLowerCase(),
    ...(typeof data.message === 'string' ? { message: data.message.slice(0, 300) } : {}),
    ...statedMoney(data),
    fee: paystackFee(data.fee_charged),
  };
}

/** An answer as Paystack gave it: its HTTP status and its JSON body (undefined when it has none readable). */
export type RawAnswer =
  | { kind: 'answer'; status: number; answer: Answer | undefined }
  | { kind: 'inconclusive'; reason: string };

/** Statuses a refusal may carry and still be a plain "no": nothing was done. */
const CONCLUSIVE_REFUSALS = new Set([400, 404, 422]);

/** Paystack's calls: the transfers of a payout run, and the resolution of an account number. */
export interface PaystackClient extends PaystackTransfersClient {
  /**
   * GET /bank/resolve?account_number=&bank_code=: the answer as given (bank verification reads it: an account
   * it cannot resolve is 422, or 400 on older answers).
   */
  resolveAccount(bankCode: string, accountNumber: string): Promise<RawAnswer>;
}

export function paystackClient(settings: PaystackSettings, logger: Logger): PaystackClient {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<RawAnswer> {
    try {
      const response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${settings.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const answer = (await response.json().catch(() => undefined)) as Answer | undefined;
      return { kind: 'answer', status: response.status, answer };
    } catch (error) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an Error of this realm).
      const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
      return {
        kind: 'inconclusive',
        reason: timedOut ? `no answer within ${settings.timeoutMs} ms` : 'unreachable',
      };
    }
  }

  function classify<T>(
    what: string,
    result: Awaited<ReturnType<typeof call>>,
    read: (answer: Answer) => T | undefined,
  ): CallOutcome<T> {
    if (result.kind === 'inconclusive') {
      logger.warn({ provider: PAYSTACK, call: what, reason: result.reason }, 'paystack call inconclusive');
      return result;
    }
    const { status, answer } = result;
    if (!answer || typeof answer !== 'object') {
      const reason = `unreadable answer (${status})`;
      logger.warn({ provider: PAYSTACK, call: what, reason }, 'paystack call inconclusive');
      return { kind: 'inconclusive', reason };
    }
    const message = typeof answer.message === 'string' ? answer.message.slice(0, 300) : `answered ${status}`;
    if (status >= 200 && status < 300 && answer.status === true) {
      const value = read(answer);
      if (value !== undefined) return { kind: 'ok', value };
      logger.warn({ provider: PAYSTACK, call: what, status }, 'paystack answer without the expected data');
      return { kind: 'inconclusive', reason: `unexpected answer to ${what}` };
    }
    if (CONCLUSIVE_REFUSALS.has(status) || (status >= 200 && status < 300 && answer.status === false)) {
      logger.info({ provider: PAYSTACK, call: what, status, message }, 'paystack refused');
      return { kind: 'refused', status, message };
    }
    const reason =
      status === 401 || status === 403 ? `the secret key was refused (${status})` : `answered ${status}`;
    logger[status === 401 ? 'error' : 'warn'](
      { provider: PAYSTACK, call: what, reason },
      'paystack call inconclusive',
    );
    return { kind: 'inconclusive', reason };
  }

  return {
    resolveAccount(bankCode, accountNumber) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      return call('GET', `/bank/resolve?${query.toString()}`);
    },

    async createRecipient({ name, accountNumber, bankCode }) {
      const result = await call('POST', '/transferrecipient', {
        type: 'nuban',
        name: name.slice(0, 100),
        account_number: accountNumber,
        bank_code: bankCode,
        currency: 'NGN',
      });
      return classify('transferrecipient', result, (answer) => {
        const code = record(answer.data).recipient_code;
        return typeof code === 'string' && code ? { recipientCode: code } : undefined;
      });
    },

    async balance() {
      const result = await call('GET', '/balance');
      return classify('balance', result, (answer) => {
        if (!Array.isArray(answer.data)) return undefined;
        const ngn = answer.data.map(record).find((row) => row.currency === 'NGN');
        const kobo = ngn?.balance;
        return typeof kobo === 'number' && Number.isFinite(kobo) ? { balanceKobo: kobo } : { balanceKobo: 0 };
      });
    },

    async bulkTransfer(items) {
      if (items.length === 0 || items.length > PAYSTACK_BULK_CHUNK) {
        throw new Error(`a bulk transfer takes 1 to ${PAYSTACK_BULK_CHUNK} transfers, not ${items.length}`);
      }
      const result = await call('POST', '/transfer/bulk', {
        currency: 'NGN',
        source: 'balance',
        transfers: items.map((item) => ({
          amount: item.amountKobo,
          recipient: item.recipient,
          reference: item.reference,
          reason: item.reason,
        })),
      });
      return classify('transfer/bulk', result, (answer) => {
        if (!Array.isArray(answer.data)) return undefined;
        const states = new Map<string, TransferState>();
        for (const item of answer.data) {
          const state = transferState(item);
          if (state) states.set(state.reference, state);
        }
        return states;
      });
    },

    async verify(reference) {
      const result = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      // Paystack answers an unknown reference 404 (or 400 'Transfer not found' on some answers).
      if (
        result.kind === 'answer' &&
        typeof result.answer === 'object' &&
        result.answer !== null &&
        (result.status === 404 ||
          (result.status === 400 &&
            typeof result.answer?.message === 'string' &&
            /not found/i.test(result.answer.message)))
      ) {
        return { kind: 'ok', value: null };
      }
      return classify('transfer/verify', result, (answer) => transferState(answer.data) ?? undefined);
    },
  };
}
