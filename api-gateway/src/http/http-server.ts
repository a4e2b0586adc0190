import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestListener } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's default, 5 s, is shorter than the idle time of
 * load balancers (60 s is common) and client pools: the server closed sockets a client was just reusing, and
 * the client saw ECONNRESET (bench/load-soak.ts found it). Longer than theirs, the client closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The gateway's HTTP server. Requests Node refuses before Express sees them (an address or headers over
 * Node's 16 KB limit, a malformed request line, a request that arrives too slowly) are answered like every
 * other error, JSON `{ message }`, instead of Node's bare status line with an empty body.
 */
export function createHttpServer(app: RequestListener): http.Server {
  const server = http.createServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('clientError', answerClientError);
  return server;
}

interface ClientError extends Error {
  code?: string;
}

function answerClientError(error: ClientError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request could not be read.'];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request address or headers are too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive. Please try again.'],
};
