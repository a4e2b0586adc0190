import { z } from 'zod';

/**
 * GET /api/health: 200 when the database answers, 503 (status degraded) when it does not. Anyone sees the
 * status; the database and version details only go to staff (a valid admin or back-office session), since
 * versions tell an attacker which published flaws to try.
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z
    .object({
      reachable: z.boolean(),
      driver: z.enum(['pglite', 'postgres']),
      /** The server's `version()` string; null when it did not answer. */
      version: z.string().nullable(),
    })
    .optional(),
  /** The bank account name provider configured (issue 27; staff only): none is 'not verified' for all. */
  bankVerification: z.enum(['none', 'paystack']).optional(),
  /** The gateway's package version (staff only). */
  version: z.string().optional(),
  /**
   * Each channel's provider (staff only): name, whether a real one is configured, last success and failure.
   * `payouts` (issue 28): bank-file, or paystack with its last answered and last failed Transfers call.
   */
  providers: z
    .array(
      z.object({
        channel: z.enum(['email', 'whatsapp', 'sms', 'payouts']),
        name: z.string(),
        configured: z.boolean(),
        lastSuccessAt: z.string().nullable(),
        lastFailureAt: z.string().nullable(),
      }),
    )
    .optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * GET /api/ready (issue 52): whether a load balancer should send this gateway work. 503 while it drains for a
 * stop or cannot reach its database; /api/health stays the liveness answer. (A gateway still migrating does not
 * listen yet, which a balancer reads the same way.)
 */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'draining', 'database unreachable']),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
