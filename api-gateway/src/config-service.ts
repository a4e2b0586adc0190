import { z } from 'zod';

/**
 * Issue 52: the settings of running the gateway as a service: which database, where its metrics are served, and
 * how long a stopping gateway drains. Part of the one environment schema in config.ts.
 */
export const ServiceEnv = {
  /** A PostgreSQL server; unset: the embedded database under DATA_DIR. Any other scheme is refused at start. */
  DATABASE_URL: z
    .string()
    .superRefine((value, check) => {
      const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
      if (scheme === 'postgres' || scheme === 'postgresql') {
        if (!URL.canParse(value)) {
          check.addIssue({
            code: 'custom',
            message: 'is not a valid address (postgres://user@host:5432/database)',
          });
        }
        return;
      }
      check.addIssue({
        code: 'custom',
        message:
          `must start with postgres:// or postgresql://${scheme ? `, not ${scheme}://` : ''} ` +
          '(the portal runs on PostgreSQL; leave it unset for the embedded database)',
      });
    })
    .optional(),
  /** The metrics port, on METRICS_HOST (loopback by default); 0: none (then only METRICS_TOKEN serves them). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, GET /metrics on the gateway's own port answers a bearer of this token (404 to anyone else). */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /**
   * A stopping gateway first answers not ready and closes each keep-alive connection after its next answer for
   * this long, then stops listening. Longer than the proxy's idle keep-alive time to the gateway (deploy/nginx).
   */
  DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
};

export interface ServiceConfig {
  metrics: { port: number; host: string; token?: string };
  drainMs: number;
}

export function serviceConfig(e: {
  METRICS_PORT: number;
  METRICS_HOST: string;
  METRICS_TOKEN?: string;
  DRAIN_SECONDS: number;
}): ServiceConfig {
  return {
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    drainMs: e.DRAIN_SECONDS * 1000,
  };
}
