import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BankAccountResolver, ProviderResolution } from './provider';
import { maskedAccount } from './provider';

export interface PaystackSettings {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}

interface PaystackAnswer {
  status?: unknown;
  message?: unknown;
  data?: { account_name?: unknown; account_number?: unknown; bank_id?: unknown } | null;
}

/**
 * Paystack's Resolve Account Number (GET /bank/resolve?account_number=&bank_code=, Bearer secret key):
 * 200 `{ status: true, message: 'Account number resolved', data: { account_number, account_name, bank_id } }`;
 * an account or bank code it cannot resolve is 422 (400 on older answers) `{ status: false, message }`; a bad
 * key 401. The answer carries no reference of its own, so ours (a UUID, logged with the call) is stored with
 * Paystack's bank_id. Every call gives up after `timeoutMs`. The key is sent only in the Authorization header.
 */
export function paystackResolver(settings: PaystackSettings, logger: Logger): BankAccountResolver {
  return {
    provider: 'paystack',
    async resolve(bankCode, accountNumber): Promise<ProviderResolution> {
      const reference = randomUUID();
      const url = new URL(`${settings.baseUrl}/bank/resolve`);
      url.searchParams.set('account_number', accountNumber);
      url.searchParams.set('bank_code', bankCode);
      const log = { provider: 'paystack', reference, bankCode, account: maskedAccount(accountNumber) };
      let response: Response;
      let answer: PaystackAnswer | undefined;
      try {
        response = await fetch(url, {
          headers: { Authorization: `Bearer ${settings.secretKey}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        answer = (await response.json().catch(() => undefined)) as PaystackAnswer | undefined;
      } catch (error) {
        // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an Error of this realm).
        const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
        const reason = timedOut ? `no answer within ${settings.timeoutMs} ms` : 'unreachable';
        logger.warn({ ...log, reason }, 'bank account resolution failed');
        return { outcome: 'failed', reason };
      }
      const accountName = answer?.data?.account_name;
      if (response.ok && answer?.status === true && typeof accountName === 'string' && accountName.trim()) {
        logger.info({ ...log, status: response.status }, 'bank account resolved');
        const bankId = answer.data?.bank_id;
        return {
          outcome: 'resolved',
          accountName: accountName.trim().replace(/\s+/g, ' ').slice(0, 200),
          reference: `paystack:${reference}${typeof bankId === 'number' ? `:bank_id=${bankId}` : ''}`,
        };
      }
      if (response.status === 422 || response.status === 400) {
        logger.info({ ...log, status: response.status }, 'bank account not found');
        return { outcome: 'not-found' };
      }
      const reason =
        response.status === 401 ? 'the secret key was refused (401)' : `answered ${response.status}`;
      logger[response.status === 401 ? 'error' : 'warn'](
        { ...log, reason },
        'bank account resolution failed',
      );
      return { outcome: 'failed', reason };
    },
  };
}
