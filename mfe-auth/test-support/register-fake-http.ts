import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '@portal/shared-ui';

/** An error answer of the fake server: status and `{ message }` body, as the gateway answers. */
export class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type FakeHandler = (body: unknown) => unknown;

export interface FakeCall {
  route: string;
  body: unknown;
}

/**
 * Replaces the portal HTTP client's transport (its axios adapter) with handlers keyed `'METHOD /path'`,
 * so tests go through the real client: its base URL, its response parsing and its error toasts.
 */
export function fakeHttp(handlers: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const original = httpClient.defaults.adapter;
  const respond = (config: InternalAxiosRequestConfig, status: number, data: unknown) => ({
    data,
    status,
    statusText: String(status),
    headers: new AxiosHeaders(),
    config,
    request: {},
  });
  const adapter: AxiosAdapter = async (config) => {
    // Keyed by the path as the API documents it, whatever form the client sends it in.
    const route = `${(config.method ?? 'get').toUpperCase()} /${(config.url ?? '').replace(/^\//, '')}`;
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ route, body });
    const handler = handlers[route];
    try {
      if (!handler) throw new FakeHttpError(404, `No fake for ${route}`);
      return respond(config, 200, await handler(body));
    } catch (error) {
      if (!(error instanceof FakeHttpError)) throw error;
      const response = respond(config, error.status, { message: error.message });
      throw new AxiosError(error.message, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
  };
  httpClient.defaults.adapter = adapter;
  return {
    calls,
    /** Bodies sent to one route, oldest first. */
    bodies: (route: string) => calls.filter((call) => call.route === route).map((call) => call.body),
    restore: () => {
      httpClient.defaults.adapter = original;
    },
  };
}
