import axios from 'axios';
import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { AnswerOf, AnyEndpoint, BodyInput, PathOf, PathParams, QueryInput } from '@portal/contracts/web';
import { Messages, endpointPath } from '@portal/contracts/web';
import { LOGIN_PATH } from './landing-path';
import { navigateTo } from './navigation';
import { useSessionStore } from './session-store';
import { notify } from './toasts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller reports the failure itself: no error toast, no 401 redirect. */
    quiet?: boolean;
    /** The caller reports answers with these statuses itself (no toast); others are reported as usual. */
    quietOn?: readonly number[];
    /**
     * The fields the calling form shows the server's refusals under: a 400 whose `errors` name only these
     * fields is not repeated as a toast (the message is already under its field).
     */
    fieldsShown?: readonly string[];
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Unable to reach the server. Please check your connection and try again.';

/** Anything with a zod-like `parse`: the answer is checked against the contract before it is used. */
export interface ResponseParser<T> {
  parse(value: unknown): T;
}

/** The one HTTP client of the portal: relative `/api`, bearer token from the session store. */
// Calls carry a bearer token; there is no XSRF cookie to echo. Without withXSRFToken: false axios reads
// document.cookie (a synchronous round trip to the browser process) before every same-origin call.
export const httpClient = axios.create({
  baseURL: '/api',
  headers: { Accept: 'application/json' },
  withXSRFToken: false,
});

httpClient.interceptors.request.use((config) => {
  const token = useSessionStore.getState().token;
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

httpClient.interceptors.response.use(undefined, (error: unknown) => {
  // A cancelled call (the screen closed, or asked again with new filters) did not fail: nothing to report.
  if (axios.isCancel(error)) return Promise.reject(error);
  if (axios.isAxiosError(error) && !error.config?.quiet && !isLeftToCaller(error)) reportHttpError(error);
  return Promise.reject(error);
});

function isLeftToCaller(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status !== undefined && (error.config?.quietOn ?? []).includes(status)) return true;
  const shown = error.config?.fieldsShown;
  if (!shown || status !== 400) return false;
  const named = Object.keys(namedFieldErrors(error.response?.data));
  return named.length > 0 && named.every((field) => shown.includes(field));
}

function namedFieldErrors(data: unknown): Record<string, string> {
  const errors = data && typeof data === 'object' && 'errors' in data ? data.errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The server's refusal of each of `fields` in a 400 answer (its `errors`), for a form to show under them. */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!axios.isAxiosError(error) || error.response?.status !== 400) return {};
  const named = namedFieldErrors(error.response.data);
  return Object.fromEntries(
    fields.filter((field) => field in named).map((field) => [field, named[field]]),
  ) as Partial<Record<F, string>>;
}

/** The server's `message` from an error answer, or a sentence for failures without one. */
export function errorMessageOf(error: unknown): string {
  if (axios.isAxiosError(error)) {
    const data: unknown = error.response?.data;
    if (
      data &&
      typeof data === 'object' &&
      'message' in data &&
      typeof data.message === 'string' &&
      data.message
    ) {
      return data.message;
    }
    if (!error.response) return NETWORK_ERROR_MESSAGE;
    return `Request failed with status ${error.response.status}.`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether asking again can change the answer: no answer at all (network down, a timeout), the server failing
 * (5xx), or 408/429 (try later). Any other refusal (400, 403, 404 ...) is the same on every retry. A failure that is
 * not an HTTP one (an answer the portal did not understand) is left to Retry too.
 */
export function isRetryable(error: unknown): boolean {
  if (!axios.isAxiosError(error)) return true;
  const status = error.response?.status;
  if (status === undefined) return true;
  return status >= 500 || status === 408 || status === 429;
}

function reportHttpError(error: AxiosError): void {
  const authorization = error.config?.headers?.get?.('Authorization');
  const sentToken = typeof authorization === 'string' ? authorization.replace(/^Bearer /, '') : null;
  // A 401 on a call made with a session means the session is gone. A 401 without one is an answer
  // to the sign-in itself (wrong password) and its message is what the user needs to see.
  if (error.response?.status === 401 && sentToken) {
    const session = useSessionStore.getState();
    // Several calls can fail with the same dead token; only the first one signs out and reports.
    if (session.token !== sentToken) return;
    session.signOut();
    notify.error(Messages.unauthorized);
    navigateTo(LOGIN_PATH);
    return;
  }
  notify.error(errorMessageOf(error));
}

export const UNEXPECTED_ANSWER_MESSAGE =
  'The server sent an answer the portal does not understand. Please try again later.';

/** Checks an answer against its contract; a mismatch is reported like any failed call, then thrown. */
function parsed<T>(parser: ResponseParser<T>, data: unknown, config?: AxiosRequestConfig): T {
  try {
    return parser.parse(data);
  } catch (error) {
    if (!config?.quiet) notify.error(UNEXPECTED_ANSWER_MESSAGE);
    throw error;
  }
}

/** What a call sends: path parameters, query parameters and the body, each typed by the definition. */
export interface CallInput<E extends AnyEndpoint> {
  params?: PathParams<PathOf<E>>;
  query?: QueryInput<E>;
  body?: BodyInput<E>;
}

/**
 * Calls one endpoint of contracts: the path, the method and the answer's check all come from its definition,
 * so no screen spells a path. Answers without a JSON check (files) are returned as they came.
 */
export async function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E> = {},
  config: AxiosRequestConfig = {},
): Promise<AnswerOf<E>> {
  const url = endpointPath(endpoint.path, input.params as Record<string, string | number> | undefined);
  const response = await httpClient.request<unknown>({
    ...config,
    method: endpoint.method,
    url,
    params: input.query,
    data: input.body,
  });
  const schema = endpoint.answer.schema as ResponseParser<AnswerOf<E>> | undefined;
  return schema ? parsed(schema, response.data, config) : (response.data as AnswerOf<E>);
}
