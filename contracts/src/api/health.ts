import { z } from 'zod';

/** GET /api/health: 200 when the database answers, 503 (status degraded) when it does not. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    /** The server's `version()` string; null when it did not answer. */
    version: z.string().nullable(),
  }),
  /** The gateway's package version. */
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
