import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Paystack's documented API, test code only, listening on 127.0.0.1. It answers as Paystack
 * documents: JSON `{ status, message, data? }`, Bearer secret key on every call (401 `{ status: false,
 * message: 'Invalid key' }` otherwise). Today: GET /bank/resolve. Routes are a table (`routes`), so the
 * payouts work can add /transferrecipient, /transfer/bulk and /balance beside it, each with its own state.
 *
 * Every request is recorded (method, path, query, authorization), and a test can make the next answers
 * fail (`failNext`: a status, or 'hang' to never answer, for timeouts; `failNextOn` for one route only, and
 * `afterwards` to do the work and then fail or hang, as a provider that queued the transfers but whose answer
 * was lost).
 *
 * Transfers (issue 28, payouts): POST /transferrecipient (type nuban; the same account twice gives the same
 * recipient, as Paystack does), GET /balance (`balanceKobo`, NGN), POST /transfer/bulk (source balance,
 * currency NGN, transfers[] { amount in kobo, recipient, reference, reason }; a reference already used is
 * refused and counted in `duplicateReferences`, so a test proves no line was transferred twice) and GET
 * /transfer/verify/:reference. `settle(reference, 'success' | 'failed' | 'reversed')` moves a transfer on
 * and, with `webhookUrl` set, delivers the signed event (x-paystack-signature: hex HMAC-SHA512 of the raw
 * body with the secret key) as Paystack would; `signedWebhook` builds one for a test to send itself. A test in another process (the
 * Playwright journeys, whose fake the global setup starts) teaches it an account with
 * `POST /__fake/accounts { bankCode, accountNumber, accountName }`, a route Paystack does not have.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export type FakeRoute = (request: RecordedRequest, fake: PaystackFake) => FakeAnswer | Promise<FakeAnswer>;

export type Failure = number | 'hang';

export interface FakeTransfer {
  reference: string;
  transferCode: string;
  recipient: string;
  amount: number;
  reason: string | undefined;
  status: 'pending' | 'success' | 'failed' | 'reversed';
  createdAt: string;
}

export interface FakeRecipient {
  recipientCode: string;
  bankCode: string;
  accountNumber: string;
  name: string;
}

export type TransferEvent = 'transfer.success' | 'transfer.failed' | 'transfer.reversed';

export interface PaystackFake {
  baseUrl: string;
  secretKey: string;
  requests: RecordedRequest[];
  /** Accounts the fake knows: `${bank_code}:${account_number}` → account name. */
  accounts: Map<string, string>;
  /** Routes by `METHOD /path`; add more for other Paystack endpoints. */
  routes: Map<string, FakeRoute>;
  /** The next `times` calls (default 1) answer this status (5xx, 429) or never answer ('hang'). */
  failNext(failure: Failure, times?: number): void;
  /**
   * The next call to `route` (e.g. `POST /transfer/bulk`) fails so; with `afterwards` the route does its work
   * first (transfers queued) and only the answer is lost.
   */
  failNextOn(route: string, failure: Failure, options?: { afterwards?: boolean }): void;
  /** NGN balance in kobo that GET /balance answers and transfers draw from. */
  balanceKobo: number;
  /** Recipients by recipient code. */
  recipients: Map<string, FakeRecipient>;
  /** Transfers by reference: one per reference, ever. */
  transfers: Map<string, FakeTransfer>;
  /** References sent again in POST /transfer/bulk after a transfer with them existed (refused). */
  duplicateReferences: string[];
  /** Where settle() delivers the signed transfer events, if set. */
  webhookUrl: string | undefined;
  /** Status a new transfer takes when queued (default 'pending'; Paystack's test mode answers 'success'). */
  initialTransferStatus: FakeTransfer['status'];
  /** Moves a transfer on; delivers the signed event to `webhookUrl` when set (resolves with its HTTP status). */
  settle(reference: string, status: 'success' | 'failed' | 'reversed'): Promise<number | undefined>;
  /** A transfer event as Paystack sends it: the raw body and its x-paystack-signature. */
  signedWebhook(event: TransferEvent, reference: string): { body: string; signature: string };
  /** Requests made to one route, e.g. `GET /bank/resolve`. */
  callsTo(route: string): RecordedRequest[];
  close(): Promise<void>;
}

export const FAKE_PAYSTACK_SECRET = 'sk_test_fake_paystack_secret_key_0000000000';

/** GET /bank/resolve?account_number&bank_code, as documented (Verification API, Resolve Account Number). */
const resolveAccount: FakeRoute = (request, fake) => {
  const accountNumber = request.query.get('account_number') ?? '';
  const bankCode = request.query.get('bank_code') ?? '';
  if (!accountNumber || !bankCode) {
    return { status: 400, body: { status: false, message: 'Account number and bank code are required' } };
  }
  const name = fake.accounts.get(`${bankCode}:${accountNumber}`);
  if (!name) {
    return {
      status: 422,
      body: {
        status: false,
        message: 'Could not resolve account name. Check parameters or try again.',
        type: 'validation_error',
        code: 'invalid_bank_code',
      },
    };
  }
  return {
    status: 200,
    body: {
      status: true,
      message: 'Account number resolved',
      data: { account_number: accountNumber, account_name: name, bank_id: 9 },
    },
  };
};

const ok = (message: string, data: unknown): FakeAnswer => ({
  status: 200,
  body: { status: true, message, data },
});
const refused = (status: number, message: string): FakeAnswer => ({
  status,
  body: { status: false, message },
});

/** POST /transferrecipient { type: 'nuban', name, account_number, bank_code, currency }. */
const createRecipient: FakeRoute = (request, fake) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const { type, name, account_number: accountNumber, bank_code: bankCode } = body;
  if (
    type !== 'nuban' ||
    typeof name !== 'string' ||
    !name ||
    typeof accountNumber !== 'string' ||
    typeof bankCode !== 'string'
  ) {
    return refused(400, 'Invalid recipient details');
  }
  if (!/^\d{10}$/.test(accountNumber)) return refused(422, 'Account number is invalid');
  for (const recipient of fake.recipients.values()) {
    if (recipient.bankCode === bankCode && recipient.accountNumber === accountNumber) {
      return {
        status: 201,
        body: {
          status: true,
          message: 'Transfer recipient created successfully',
          data: recipientData(recipient),
        },
      };
    }
  }
  const recipient: FakeRecipient = {
    recipientCode: `RCP_${Math.random().toString(36).slice(2, 12).padEnd(10, '0')}`,
    bankCode,
    accountNumber,
    name,
  };
  fake.recipients.set(recipient.recipientCode, recipient);
  return {
    status: 201,
    body: {
      status: true,
      message: 'Transfer recipient created successfully',
      data: recipientData(recipient),
    },
  };
};

function recipientData(recipient: FakeRecipient) {
  return {
    active: true,
    currency: 'NGN',
    name: recipient.name,
    recipient_code: recipient.recipientCode,
    type: 'nuban',
    details: { account_number: recipient.accountNumber, bank_code: recipient.bankCode },
  };
}

/** GET /balance: one NGN balance, in kobo. */
const balance: FakeRoute = (_request, fake) =>
  ok('Balances retrieved', [{ currency: 'NGN', balance: fake.balanceKobo }]);

function transferData(transfer: FakeTransfer) {
  return {
    amount: transfer.amount,
    currency: 'NGN',
    reason: transfer.reason,
    reference: transfer.reference,
    recipient: transfer.recipient,
    source: 'balance',
    status: transfer.status,
    transfer_code: transfer.transferCode,
    // Paystack's NGN transfer fee, in kobo: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above.
    fee_charged: transfer.amount <= 500_000 ? 1_000 : transfer.amount <= 5_000_000 ? 2_500 : 5_000,
    createdAt: transfer.createdAt,
  };
}

/**
 * POST /transfer/bulk { currency: 'NGN', source: 'balance', transfers: [{ amount, recipient, reference,
 * reason }] }: all or nothing, checked first (recipients known, references new and lowercase, amounts whole
 * kobo, the balance enough), then every transfer queued.
 */
const bulkTransfer: FakeRoute = (request, fake) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (
    body.source !== 'balance' ||
    body.currency !== 'NGN' ||
    !Array.isArray(body.transfers) ||
    body.transfers.length === 0
  ) {
    return refused(400, 'Invalid bulk transfer request');
  }
  if (body.transfers.length > MAX_BULK_TRANSFERS)
    return refused(400, `At most ${MAX_BULK_TRANSFERS} transfers per request`);
  const items = body.transfers as Record<string, unknown>[];
  let total = 0;
  const seen = new Set<string>();
  for (const item of items) {
    const { amount, recipient, reference } = item;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
      return refused(400, 'Invalid amount');
    if (typeof recipient !== 'string' || !fake.recipients.has(recipient))
      return refused(400, 'Recipient not found');
    if (typeof reference !== 'string' || !/^[a-z0-9_-]{6,100}$/.test(reference))
      return refused(400, 'Invalid reference');
    if (fake.transfers.has(reference) || seen.has(reference)) {
      fake.duplicateReferences.push(reference);
      return refused(400, 'Duplicate Transfer Reference');
    }
    seen.add(reference);
    total += amount;
  }
  if (total > fake.balanceKobo) return refused(400, 'Your balance is not enough to fulfil this request');
  fake.balanceKobo -= total;
  const queued = items.map((item) => {
    const transfer: FakeTransfer = {
      reference: item.reference as string,
      transferCode: `TRF_${Math.random().toString(36).slice(2, 14).padEnd(12, '0')}`,
      recipient: item.recipient as string,
      amount: item.amount as number,
      reason: typeof item.reason === 'string' ? item.reason : undefined,
      status: fake.initialTransferStatus,
      createdAt: new Date().toISOString(),
    };
    fake.transfers.set(transfer.reference, transfer);
    return transfer;
  });
  return ok(
    `${queued.length} transfers queued.`,
    queued.map((t) => ({
      reference: t.reference,
      recipient: t.recipient,
      amount: t.amount,
      transfer_code: t.transferCode,
      currency: 'NGN',
      status: t.status,
    })),
  );
};

/** GET /transfer/verify/:reference. */
function verifyTransfer(reference: string, fake: PaystackFake): FakeAnswer {
  const transfer = fake.transfers.get(reference);
  if (!transfer) return refused(404, 'Transfer not found');
  return ok('Transfer retrieved', transferData(transfer));
}

/**
 * Paystack's bulk-transfer guide asks for the transfers to be sent in batches; the fake refuses a request
 * bigger than the adapter's chunk (PAYSTACK_BULK_CHUNK, 100), so a chunking mistake fails a test.
 */
export const MAX_BULK_TRANSFERS = 100;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (!chunks.length) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return Buffer.concat(chunks).toString('utf8');
  }
}

export async function startPaystackFake(options: { secretKey?: string } = {}): Promise<PaystackFake> {
  const failures: Failure[] = [];
  const routeFailures = new Map<string, { failure: Failure; afterwards: boolean }[]>();
  const hanging = new Set<ServerResponse>();
  const signedWebhook = (event: TransferEvent, reference: string) => {
    const transfer = fake.transfers.get(reference);
    const body = JSON.stringify({
      event,
      data: transfer ? transferData(transfer) : { reference, status: event.slice('transfer.'.length) },
    });
    return { body, signature: createHmac('sha512', fake.secretKey).update(body).digest('hex') };
  };
  const fake: PaystackFake = {
    baseUrl: '',
    secretKey: options.secretKey ?? FAKE_PAYSTACK_SECRET,
    requests: [],
    accounts: new Map(),
    routes: new Map([
      ['GET /bank/resolve', resolveAccount],
      ['POST /transferrecipient', createRecipient],
      ['GET /balance', balance],
      ['POST /transfer/bulk', bulkTransfer],
    ]),
    balanceKobo: 1_000_000_000_00,
    recipients: new Map(),
    transfers: new Map(),
    duplicateReferences: [],
    webhookUrl: undefined,
    initialTransferStatus: 'pending',
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    failNextOn(route, failure, { afterwards = false } = {}) {
      const list = routeFailures.get(route) ?? [];
      list.push({ failure, afterwards });
      routeFailures.set(route, list);
    },
    async settle(reference, status) {
      const transfer = fake.transfers.get(reference);
      if (!transfer) throw new Error(`no transfer ${reference} at the fake`);
      transfer.status = status;
      if (status !== 'success') fake.balanceKobo += transfer.amount;
      if (!fake.webhookUrl) return undefined;
      const { body, signature } = signedWebhook(`transfer.${status}`, reference);
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
      return res.status;
    },
    signedWebhook,
    callsTo(route) {
      const [method, path] = route.split(' ');
      return fake.requests.filter((r) => r.method === method && r.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        body: await readBody(req),
      };
      fake.requests.push(recorded);
      const send = ({ status, body }: FakeAnswer) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (recorded.method === 'POST' && recorded.path === '/__fake/accounts') {
        const { bankCode, accountNumber, accountName } = (recorded.body ?? {}) as Record<string, string>;
        fake.accounts.set(`${bankCode}:${accountNumber}`, accountName);
        return send({ status: 201, body: { status: true } });
      }
      const routeKey = recorded.path.startsWith('/transfer/verify/')
        ? 'GET /transfer/verify'
        : `${recorded.method} ${recorded.path}`;
      const onRoute =
        routeFailures.get(routeKey)?.shift() ??
        routeFailures.get(`${recorded.method} ${recorded.path}`)?.shift();
      const failure = onRoute && !onRoute.afterwards ? onRoute.failure : failures.shift();
      const fail = (what: Failure) => {
        if (what === 'hang') {
          hanging.add(res);
          return;
        }
        send({ status: what, body: { status: false, message: 'Fake failure' } });
      };
      if (failure !== undefined) return fail(failure);
      if (recorded.authorization !== `Bearer ${fake.secretKey}`) {
        return send({ status: 401, body: { status: false, message: 'Invalid key' } });
      }
      const route: FakeRoute | undefined =
        routeKey === 'GET /transfer/verify'
          ? () => verifyTransfer(decodeURIComponent(recorded.path.slice('/transfer/verify/'.length)), fake)
          : fake.routes.get(routeKey);
      if (!route) return send({ status: 404, body: { status: false, message: 'Not found' } });
      const answer = await route(recorded, fake);
      if (onRoute?.afterwards) return fail(onRoute.failure);
      send(answer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
