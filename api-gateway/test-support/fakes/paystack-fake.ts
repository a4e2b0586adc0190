import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Paystack's documented API, test code only, listening on 127.0.0.1. It answers as Paystack
 * documents: JSON `{ status, message, data? }`, Bearer secret key on every call (401 `{ status: false,
 * message: 'Invalid key' }` otherwise). Today: GET /bank/resolve. Routes are a table (`routes`), so the
 * payouts work can add /transferrecipient, /transfer/bulk and /balance beside it, each with its own state.
 *
 * Every request is recorded (method, path, query, authorization), and a test can make the next answers
 * fail (`failNext`: a status, or 'hang' to never answer, for timeouts). A test in another process (the
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
  const hanging = new Set<ServerResponse>();
  const fake: PaystackFake = {
    baseUrl: '',
    secretKey: options.secretKey ?? FAKE_PAYSTACK_SECRET,
    requests: [],
    accounts: new Map(),
    routes: new Map([['GET /bank/resolve', resolveAccount]]),
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
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
      const failure = failures.shift();
      if (failure === 'hang') {
        hanging.add(res);
        return;
      }
      if (failure !== undefined) {
        return send({ status: failure, body: { status: false, message: 'Fake failure' } });
      }
      if (recorded.authorization !== `Bearer ${fake.secretKey}`) {
        return send({ status: 401, body: { status: false, message: 'Invalid key' } });
      }
      const route = fake.routes.get(`${recorded.method} ${recorded.path}`);
      if (!route) return send({ status: 404, body: { status: false, message: 'Not found' } });
      send(await route(recorded, fake));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
