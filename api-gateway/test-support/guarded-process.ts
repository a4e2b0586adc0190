import { EventEmitter } from 'node:events';
import pino from 'pino';
import { installProcessGuards } from '../src/process-guard';

/**
 * Run as its own process by process-guard.test.ts: with the guards installed, errors nobody handles are
 * logged (one JSON line each on stdout) and the process carries on until it says so itself.
 */
installProcessGuards(pino({ level: 'info' }));

setImmediate(() => {
  throw new Error('thrown outside any request');
});
void Promise.reject(new Error('rejected without a catch'));
setTimeout(() => new EventEmitter().emit('error', new Error('error event without a listener')), 20);
setTimeout(() => {
  console.log(JSON.stringify({ msg: 'still serving' }));
  process.exit(0);
}, 300);
