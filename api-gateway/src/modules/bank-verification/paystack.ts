import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { PAYSTACK, type PaystackClient } from '../../lib/paystack-client';
import type { BankAccountResolver, ProviderResolution } from './provider';
import { maskedAccount } from './provider';

/**
 * Paystack's Resolve Account Number through the gateway's Paystack client (lib/paystack-client.ts):
 * 200 `{ status: true, message: 'Account number resolved', data: { account_number, account_name, bank_id } }`;
 * an account or bank code it cannot resolve is 422 (400 on older answers) `{ status: false, message }`; a bad
 * key 401. The answer carries no reference of its own, so ours (a UUID, logged with the call) is stored with
 * Paystack's bank_id. Every call gives up after the client's timeout (BANK_VERIFICATION_TIMEOUT_MS).
 */
export function paystackResolver(client: PaystackClient, logger: Logger): BankAccountResolver {
  return {
    provider: PAYSTACK,
    async resolve(bankCode, accountNumber): Promise<ProviderResolution> {
      const reference = randomUUID();
      const log = { provider: PAYSTACK, reference, bankCode, account: maskedAccount(accountNumber) };
      const result = await client.resolveAccount(bankCode, accountNumber);
      if (result.kind === 'inconclusive') {
        logger.warn({ ...log, reason: result.reason }, 'bank account resolution failed');
        return { outcome: 'failed', reason: result.reason };
      }
      const { status, answer } = result;
      const data = answer?.data as { account_name?: unknown; bank_id?: unknown } | null | undefined;
      const accountName = data?.account_name;
      if (
        status >= 200 &&
        status < 300 &&
        answer?.status === true &&
        typeof accountName === 'string' &&
        accountName.trim()
      ) {
        logger.info({ ...log, status }, 'bank account resolved');
        const bankId = data?.bank_id;
        return {
          outcome: 'resolved',
          accountName: accountName.trim().replace(/\s+/g, ' ').slice(0, 200),
          reference: `${PAYSTACK}:${reference}${typeof bankId === 'number' ? `:bank_id=${bankId}` : ''}`,
        };
      }
      if (status === 422 || status === 400) {
        logger.info({ ...log, status }, 'bank account not found');
        return { outcome: 'not-found' };
      }
      const reason = status === 401 ? 'the secret key was refused (401)' : `answered ${status}`;
      logger[status === 401 ? 'error' : 'warn']({ ...log, reason }, 'bank account resolution failed');
      return { outcome: 'failed', reason };
    },
  };
}
