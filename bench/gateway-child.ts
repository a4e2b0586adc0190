/**
 * The bench's gateway (gateway-harness.ts `startGateway`) in a process of its own, started by
 * `startGatewayProcess`: figures of one request alone are then not distorted by the client sharing the
 * gateway's event loop (its request building and answer parsing, and the gateway's work after the answer,
 * such as the log line, would otherwise run between the two). Talks to its parent over IPC: sends
 * `{ baseUrl, driver }` once it listens, answers `{ id, sql, params }` with `{ id, rowCount }`, `{ id, cpu }`
 * with its CPU so far, and closes on `{ close: true }`.
 */
import { readFileSync } from 'node:fs';
import { startGateway } from './gateway-harness';

interface Command {
  id?: number;
  sql?: string;
  params?: unknown[];
  cpu?: boolean;
  close?: boolean;
}

/** CPU of this process's main thread alone (Linux: /proc), in ms: the gateway's own work, not argon2's. */
function mainThreadCpuMs(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const gateway = await startGateway();
  const reply = (message: object) => process.send?.(message);
  process.on('message', (command: Command) => {
    if (command.close) {
      void gateway.close().then(() => process.exit(0));
    } else if (command.cpu) {
      const used = process.cpuUsage();
      reply({ id: command.id, mainThreadMs: mainThreadCpuMs(), processMs: (used.user + used.system) / 1000 });
    } else if (command.sql !== undefined) {
      gateway.ctx.db.query(command.sql, command.params ?? []).then(
        (result) => reply({ id: command.id, rowCount: result.rowCount }),
        (error: unknown) => reply({ id: command.id, error: String(error) }),
      );
    }
  });
  reply({ baseUrl: gateway.baseUrl, driver: gateway.ctx.db.driver });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
