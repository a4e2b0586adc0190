import { render } from '@testing-library/react';
import { AxiosError } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastHost, httpClient } from '@portal/shared-ui';

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname}</p>;
}

/** Renders a page at `path`; any navigation away shows the new path in `landed`. */
export function renderPage(page: ReactNode, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Landed />} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}

export interface SentRequest {
  method?: string;
  url?: string;
  body: unknown;
  authorization: unknown;
}

/** Answers calls from a table `METHOD url` → [status, body]; records every request sent. */
export function fakeServer(answers: Record<string, [number, unknown]>) {
  const sent: SentRequest[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    sent.push({
      method: config.method,
      url: config.url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: config.headers.get('Authorization'),
    });
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const [status, data] = answers[`${config.method?.toUpperCase()} ${config.url}`] ?? [
      404,
      { message: 'Not found.' },
    ];
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  httpClient.defaults.adapter = adapter;
  return {
    sent,
    /** Keeps the next answers pending until `release()`, to see the loading state. */
    holdAnswers() {
      hold = true;
    },
    release() {
      hold = false;
      release?.();
    },
  };
}
