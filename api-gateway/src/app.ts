import express from 'express';
import helmet from 'helmet';
import type { AppContext } from './context';
import { ApiRouter } from './http/api-router';
import { errorHandler, unknownRoute } from './http/errors';
import { requestLog } from './http/request-log';
import { loadRightsTable } from './http/session';
import { registerAdminUserRoutes } from './modules/admin-users';
import { registerAffiliateAreaRoutes } from './modules/affiliate-area';
import { registerAuthRoutes } from './modules/auth';
import { registerBackofficeRoutes } from './modules/backoffice';
import { registerCaptchaRoutes } from './modules/captcha';
import { mountCommissionTemplate, registerCommissionUploadRoutes } from './modules/commission-upload';
import { registerDashboardRoutes } from './modules/dashboard';
import { registerKycCaseRoutes } from './modules/kyc-cases';
import { registerMediaRoutes } from './modules/media';
import { registerReportRoutes } from './modules/reports';
import { registerDataRightsRoutes } from './modules/data-rights';
import { registerDevRoutes } from './modules/dev';
import { closeConnectionsWhileDraining, registerHealthRoutes } from './modules/health';
import { watchDatabase } from './metrics/database-gauges';
import { httpMetrics } from './metrics/http-metrics';
import { metricsOnGatewayPort } from './metrics/metrics-endpoint';
import { registerIntegrationRoutes } from './modules/integration';
import { registerMasterRoutes } from './modules/master';
import { registerMessagingRoutes } from './modules/messaging';
import { registerOrderRoutes } from './modules/orders';
import { registerPaystackPayoutRoutes } from './modules/paystack-payouts';
import { registerAffiliatePayoutRoutes, registerPayoutRoutes } from './modules/payouts';
import { registerNotificationRoutes } from './modules/notifications';
import { registerRegistrationRoutes } from './modules/registration';
import { registerRiskRoutes } from './modules/risk';
import { registerWebConfigRoutes } from './modules/web-config';
import { registerOpenApiRoutes } from './openapi/routes';
import { mountWeb } from './web/serve-web';

/** JSON bodies are small forms; files arrive as multipart on their own routes with their own limits. */
const JSON_BODY_LIMIT = '100kb';

export async function createApp(ctx: AppContext): Promise<express.Express> {
  const app = express();
  app.disable('x-powered-by');
  if (ctx.config.trustProxy) app.set('trust proxy', ctx.config.trustProxy);

  // Every request gets an id (X-Request-Id); every /api call one log line, without headers or bodies.
  app.use(requestLog(ctx.logger, '/api'));
  // Issue 52: every request timed by route template; while draining, every answer closes its connection.
  app.use(httpMetrics());
  app.use(closeConnectionsWhileDraining());
  app.get('/metrics', metricsOnGatewayPort(ctx.config.metrics.token));
  watchDatabase(ctx);

  const api = express.Router();
  api.use(helmet());
  // Issue 29: no API answer is kept by a browser or a proxy (profiles, lists, numbers, dashboards...). The
  // few public, static-like answers (web-config, the API docs and their assets) set their own header over it.
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Integration batches (up to 1,000 items) are parsed by their own routes after the API key is checked;
  // webhooks read their raw bytes themselves (the signature is over them).
  const json = express.json({ limit: JSON_BODY_LIMIT });
  api.use((req, res, next) =>
    req.path.startsWith('/integration/') || req.path.startsWith('/webhooks/') ? next() : json(req, res, next),
  );
  const router = new ApiRouter(ctx, await loadRightsTable(ctx.db));
  registerHealthRoutes(router, ctx);
  registerWebConfigRoutes(router, ctx);
  registerAuthRoutes(router, ctx);
  registerMasterRoutes(router, ctx);
  registerRegistrationRoutes(router, ctx);
  registerCaptchaRoutes(router, ctx);
  registerBackofficeRoutes(router, ctx);
  registerKycCaseRoutes(router, ctx);
  registerDashboardRoutes(router, ctx);
  registerAffiliateAreaRoutes(router, ctx);
  registerMediaRoutes(router, ctx);
  registerReportRoutes(router, ctx);
  registerPayoutRoutes(router, ctx);
  registerAffiliatePayoutRoutes(router, ctx);
  registerRiskRoutes(router, ctx);
  registerOrderRoutes(router, ctx);
  registerAdminUserRoutes(router, ctx);
  registerNotificationRoutes(router, ctx);
  registerIntegrationRoutes(router, ctx);
  registerCommissionUploadRoutes(router, ctx);
  registerMessagingRoutes(router, ctx);
  registerDataRightsRoutes(router, ctx);
  registerPaystackPayoutRoutes(router, ctx);
  if (!ctx.config.isProduction) registerDevRoutes(router, ctx);
  registerOpenApiRoutes(api, ctx);
  api.use(router.router);
  api.use(unknownRoute);
  api.use(errorHandler);
  app.use('/api', api);

  mountCommissionTemplate(app);
  mountWeb(app, ctx);
  app.use(errorHandler);
  return app;
}
