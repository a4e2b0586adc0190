import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createHttpServer } from '../http-server';

let t: TestApp;
let server: http.Server;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = createHttpServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function get(path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }),
        );
      })
      .on('error', reject);
  });
}

function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

test('an address over Node’s 16 KB header limit gets 431 with a JSON message', async () => {
  const res = await get(`/api/backoffice/affiliate?search=${'a'.repeat(20_000)}`);
  expect(res.status).toBe(431);
  expect(res.type).toMatch(/^application\/json/);
  expect(JSON.parse(res.body)).toEqual({ message: 'The request address or headers are too long.' });
});

test('a request Node cannot parse gets 400 with a JSON message, and the server keeps serving', async () => {
  const answer = await raw('NOT AN HTTP REQUEST\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
    message: 'The request could not be read.',
  });
  const health = await get('/api/health');
  expect(health.status).toBe(200);
});

test('an idle keep-alive connection is still served after Node’s default 5 s (and its 1 s grace), as a load balancer reuses it', async () => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const ask = async () => {
    answer = '';
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    for (let i = 0; i < 100 && !answer.includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 20));
    return answer;
  };
  expect(await ask()).toMatch(/^HTTP\/1.1 200/);
  await new Promise((resolve) => setTimeout(resolve, 7_000));
  expect(socket.destroyed).toBe(false);
  expect(await ask()).toMatch(/^HTTP\/1.1 200/);
  socket.destroy();
}, 15_000);
