import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received: method, path, headers and the parsed JSON body (test code only). */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** Never answer (the client's timeout must end the call). */
  hang?: boolean;
}

export interface FakeServer {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** A JSON HTTP server on 127.0.0.1 and a free port; `answer` decides each reply from the request. */
export async function startFakeHttpServer(
  answer: (request: ReceivedRequest) => FakeAnswer,
): Promise<FakeServer> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // kept as text
      }
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0],
        headers: req.headers,
        body,
      };
      received.push(request);
      const reply = answer(request);
      if (reply.hang) return;
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
