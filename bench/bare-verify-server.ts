/**
 * The floor of login.bench.ts's "one sign-in alone": a bare node:http server in a process of its own that reads
 * a JSON body, runs one argon2id verify of its password and answers a token-sized JSON, with no Express, no
 * database, no JWT and no log. What a sign-in alone costs beyond its verify here is only HTTP on this machine
 * (both ends, the wake-ups of two processes), which no gateway can go under. Started by login.bench.ts
 * (`aloneAgainstBareServer`); sends `{ port }` over IPC once it listens and exits with its parent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hash, verify } from 'argon2';
import { PASSWORD_HASH_OPTIONS } from '../api-gateway/src/auth/password';

async function main(): Promise<void> {
  const password = process.argv[2];
  const stored = await hash(password, PASSWORD_HASH_OPTIONS);
  const token = 'x'.repeat(400);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { password: string };
      verify(stored, body.password).then(
        (ok) => {
          res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
          res.end(JSON.stringify(ok ? { token } : { message: 'Invalid credentials' }));
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
