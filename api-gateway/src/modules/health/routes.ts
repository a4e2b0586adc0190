import { HealthEndpoints } from '@portal/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HealthResponse, ReadinessResponse } from '@portal/contracts';
import { RoleId } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { providerStates } from '../messaging';
import { configuredRail } from '../payouts';
import { gatewayReady } from '../../metrics/gateway-metrics';
import { isDraining } from './readiness';

/** How long the database may take to answer before the gateway reports itself degraded. */
const DATABASE_TIMEOUT_MS = 2_000;

// Same relative place from src/ (tsx, jest) and from dist/ (built).
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** The payouts channel of the health page: the configured rail, configured when it calls a provider. */
function payoutRail(ctx: AppContext) {
  const rail = configuredRail(ctx.config);
  return { name: rail.id, configured: rail.callsProvider };
}

export function registerHealthRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(HealthEndpoints.health, async ({ session }, _req, res) => {
    const version = await databaseVersion(ctx);
    const status = version === null ? 'degraded' : 'ok';
    const staff = session?.roleID === RoleId.Admin || session?.roleID === RoleId.Backoffice;
    const body: HealthResponse = staff
      ? {
          status,
          database: { reachable: version !== null, driver: ctx.db.driver, version },
          version: PACKAGE_VERSION,
          providers:
            version === null ? undefined : await providerStates(ctx, payoutRail(ctx)).catch(() => undefined),
          bankVerification: ctx.config.bankVerification.provider,
        }
      : { status };
    res
      .status(version === null ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json(body);
  });

  api.route(HealthEndpoints.ready, async (_call, _req, res) => {
    let status: ReadinessResponse['status'] = 'ready';
    if (isDraining()) status = 'draining';
    else if ((await databaseVersion(ctx)) === null) status = 'database unreachable';
    // Draining is set for good; the database may come back, and the gauge follows the last answer.
    if (!isDraining()) gatewayReady.set(status === 'ready' ? 1 : 0);
    const body: ReadinessResponse = { status };
    res
      .status(status === 'ready' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(body);
  });
}

async function databaseVersion(ctx: AppContext): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DATABASE_TIMEOUT_MS);
  });
  const query = ctx.db
    .query<{ version: string }>('SELECT version() AS version')
    .then((result) => result.rows[0]?.version ?? null)
    .catch((error: unknown) => {
      ctx.logger.error({ err: error }, 'health check: database did not answer');
      return null;
    });
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
