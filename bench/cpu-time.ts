/**
 * CPU time read from Linux's /proc: what a benchmark on a saturated two-core machine needs beside wall time
 * (the CPU a call used is what every other call waits for).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on. */
const CLOCK_TICKS = 100;

/**
 * CPU seconds (user + system) a process has used, with those of the children it has reaped (PostgreSQL's
 * parallel workers and ended backends are counted by the postmaster); 0 once it is gone.
 */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime, stime, cutime and cstime are the 12th to 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes on this machine (meaningful when the benchmark's database is local). */
export function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU seconds used so far by every PostgreSQL process on this machine. */
export function postgresCpuSeconds(): number {
  return postgresPids().reduce((total, pid) => total + cpuSeconds(pid), 0);
}
