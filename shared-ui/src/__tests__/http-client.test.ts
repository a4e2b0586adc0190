import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { LoginResponse } from '@portal/contracts';
import { AuthEndpoints, MessageResponse, defineEndpoint } from '@portal/contracts';
import {
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_ANSWER_MESSAGE,
  callEndpoint,
  errorMessageOf,
  fieldErrorsOf,
  httpClient,
  isRetryable,
} from '../http-client';
import { setNavigator } from '../navigation';
import { useSessionStore } from '../session-store';
import { notify } from '../toasts';

jest.mock('../toasts', () => ({
  notify: { error: jest.fn(), success: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const session = (token: string): LoginResponse => ({
  roleID: 1,
  userRole: 'Admin',
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  forcePasswordUpdate: false,
  userRights: ['dashboard'],
  token,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
});

let seen: InternalAxiosRequestConfig[] = [];

/** Answers every request with the given status and body, recording what was sent. */
function answer(status: number, data: unknown): void {
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        {},
        response,
      );
    }
    return response;
  };
  httpClient.defaults.adapter = adapter;
}

const navigate = jest.fn();

/** A call answering `{ message }`, at a path of the test's choosing. */
const messageCall = (path: string, method: 'get' | 'post' = 'get') =>
  defineEndpoint({
    method,
    path,
    tag: 'Test',
    summary: 'test',
    auth: 'session',
    answer: { description: 'test', schema: MessageResponse },
  });

beforeEach(() => {
  seen = [];
  jest.clearAllMocks();
  localStorage.clear();
  useSessionStore.getState().signOut();
  setNavigator(navigate);
});

describe('http client', () => {
  it('calls relative /api and carries the bearer token of the stored session', async () => {
    useSessionStore.getState().signIn(session('tok-123'));
    answer(200, { message: 'ok' });
    await expect(callEndpoint(messageCall('/user/profile'))).resolves.toEqual({ message: 'ok' });
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].url).toBe('user/profile');
    expect(AxiosHeaders.from(seen[0].headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    answer(200, { message: 'ok' });
    await callEndpoint(AuthEndpoints.resetPassword, { body: { userName: 'a@b.co' } });
    expect(AxiosHeaders.from(seen[0].headers).has('Authorization')).toBe(false);
    expect(seen[0].data).toBe(JSON.stringify({ userName: 'a@b.co' }));
  });

  it('checks the answer against the contract and reports a mismatch', async () => {
    answer(200, { unexpected: true });
    await expect(callEndpoint(messageCall('/x'))).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledWith(UNEXPECTED_ANSWER_MESSAGE);
  });

  it('on a 401 with a session: clears it, reports "Unauthorized request - 401" and goes to login', async () => {
    useSessionStore.getState().signIn(session('dead'));
    answer(401, { message: 'Session expired.' });
    await expect(callEndpoint(messageCall('/user/profile'))).rejects.toBeInstanceOf(AxiosError);
    expect(useSessionStore.getState().userDetails).toBeNull();
    expect(localStorage.getItem('userDetails')).toBeNull();
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith('Unauthorized request - 401');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('reports a burst of 401s with the same token once', async () => {
    useSessionStore.getState().signIn(session('dead'));
    answer(401, { message: 'Session expired.' });
    await Promise.allSettled([
      callEndpoint(messageCall('/a')),
      callEndpoint(messageCall('/b')),
      callEndpoint(messageCall('/c')),
    ]);
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('a 401 to a call without a session (wrong password) shows the server message and stays', async () => {
    answer(401, { message: 'Invalid email or password.' });
    await expect(callEndpoint(messageCall('/login/auth', 'post'), { body: {} })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(notify.error).toHaveBeenCalledWith('Invalid email or password.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([400, 403, 404, 409, 413, 429, 500])(
    'any other error (%i) shows the server message',
    async (status) => {
      useSessionStore.getState().signIn(session('live'));
      answer(status, { message: `Server says ${status}` });
      await expect(callEndpoint(messageCall('/x'))).rejects.toBeInstanceOf(AxiosError);
      expect(notify.error).toHaveBeenCalledWith(`Server says ${status}`);
      expect(useSessionStore.getState().token).toBe('live');
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('quiet calls leave reporting to the caller', async () => {
    useSessionStore.getState().signIn(session('dead'));
    answer(401, { message: 'gone' });
    await expect(callEndpoint(AuthEndpoints.logout, {}, { quiet: true })).rejects.toBeInstanceOf(AxiosError);
    expect(notify.error).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('dead');
  });

  it('quietOn leaves only the named statuses to the caller; others are reported, a 401 still signs out', async () => {
    useSessionStore.getState().signIn(session('live'));
    answer(409, { message: 'Already approved by Ada Obi.' });
    await expect(callEndpoint(messageCall('/x', 'post'), {}, { quietOn: [409] })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(notify.error).not.toHaveBeenCalled();

    answer(403, { message: 'Not yours.' });
    await expect(callEndpoint(messageCall('/x', 'post'), {}, { quietOn: [409] })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(notify.error).toHaveBeenCalledWith('Not yours.');

    answer(401, { message: 'gone' });
    await expect(callEndpoint(messageCall('/x', 'post'), {}, { quietOn: [409] })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(useSessionStore.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('refusals a form shows under its fields', () => {
  const fields = ['fullName', 'ninOrBVN'] as const;

  it('a 400 naming only fields the form shows is not repeated as a toast; the form reads them', async () => {
    useSessionStore.getState().signIn(session('live'));
    answer(400, { message: 'Bad NIN.', errors: { ninOrBVN: 'Bad NIN.' } });
    const error = await callEndpoint(messageCall('/x', 'post'), {}, { fieldsShown: fields }).catch(
      (e: unknown) => e,
    );
    expect(notify.error).not.toHaveBeenCalled();
    expect(fieldErrorsOf(error, fields)).toEqual({ ninOrBVN: 'Bad NIN.' });
  });

  it('a 400 naming a field the form does not show, or naming none, is still a toast', async () => {
    useSessionStore.getState().signIn(session('live'));
    answer(400, { message: 'Bad id.', errors: { affiliateID: 'Bad id.', ninOrBVN: 'Bad NIN.' } });
    await callEndpoint(messageCall('/x', 'post'), {}, { fieldsShown: fields }).catch(() => undefined);
    expect(notify.error).toHaveBeenCalledWith('Bad id.');
    answer(400, { message: 'Nothing named.' });
    await callEndpoint(messageCall('/x', 'post'), {}, { fieldsShown: fields }).catch(() => undefined);
    expect(notify.error).toHaveBeenCalledWith('Nothing named.');
  });
});

describe('isRetryable: only a failure another try can change offers Retry', () => {
  const failure = (status?: number) =>
    new AxiosError(
      'failed',
      'ERR',
      { headers: new AxiosHeaders() },
      {},
      status === undefined
        ? undefined
        : { data: {}, status, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } },
    );
  it.each([500, 502, 503, 504, 408, 429])('%i: yes', (status) =>
    expect(isRetryable(failure(status))).toBe(true),
  );
  it.each([400, 403, 404, 409, 410, 422])('%i: no, the same answer comes back', (status) =>
    expect(isRetryable(failure(status))).toBe(false),
  );
  it('no answer at all (network down, timeout): yes', () => expect(isRetryable(failure())).toBe(true));
  it('not an HTTP failure: yes', () => expect(isRetryable(new TypeError('x'))).toBe(true));
});

describe('errorMessageOf', () => {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  it('reads the message field of the error body', () => {
    const response = { data: { message: 'Nope.' }, status: 400, statusText: '', headers: {}, config };
    expect(errorMessageOf(new AxiosError('x', 'E', config, {}, response))).toBe('Nope.');
  });
  it('explains a failure with no answer', () => {
    expect(errorMessageOf(new AxiosError('Network Error', 'ERR_NETWORK', config, {}))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
  });
  it('names the status when the body has no message', () => {
    const response = { data: '<html>', status: 502, statusText: '', headers: {}, config };
    expect(errorMessageOf(new AxiosError('x', 'E', config, {}, response))).toBe(
      'Request failed with status 502.',
    );
  });
});

describe('a call the screen cancelled', () => {
  it('rejects without an error toast (the screen left or asked again; nothing failed)', async () => {
    httpClient.defaults.adapter = (config) =>
      new Promise((_resolve, reject) => {
        config.signal?.addEventListener?.('abort', () =>
          reject(new CanceledError(undefined, undefined, config)),
        );
      });
    const controller = new AbortController();
    const call = callEndpoint(messageCall('/user/profile'), {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(CanceledError);
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe("the browser's own request", () => {
  it('never reads document.cookie: there is no XSRF cookie, and each read is a round trip to the browser', async () => {
    // The default adapters (XMLHttpRequest here), not a test adapter: axios reads the XSRF cookie inside them.
    httpClient.defaults.adapter = ['xhr', 'fetch'];
    const cookieReads = jest.spyOn(Document.prototype, 'cookie', 'get');
    try {
      await httpClient.get('/health', { quiet: true }).catch(() => undefined);
      expect(cookieReads).not.toHaveBeenCalled();
    } finally {
      cookieReads.mockRestore();
    }
  });
});
