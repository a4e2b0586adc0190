import type { Request, RequestHandler } from 'express';
import { WEBHOOK_PROVIDERS, httpRequestDuration, webhookReceipts } from './gateway-metrics';

/**
 * Times every request into portal_http_request_duration_seconds under its route template
 * (`/api/affiliates/:id`, never the URL it was called with); a call no route took is `/api (no route)`, and
 * whatever the web files answer is `web`. Webhook calls also count as receipts by provider and outcome.
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const end = httpRequestDuration.startTimer();
    res.once('finish', () => {
      const route = routeTemplate(req);
      const statusClass = `${Math.floor(res.statusCode / 100)}xx`;
      end({ method: methodLabel(req.method), route, status_class: statusClass });
      const provider = /^\/api\/webhooks\/([a-z]+)$/.exec(route)?.[1];
      if (provider && (WEBHOOK_PROVIDERS as readonly string[]).includes(provider) && req.method === 'POST') {
        webhookReceipts.inc({
          provider,
          outcome: res.statusCode < 300 ? 'accepted' : res.statusCode === 401 ? 'bad_signature' : 'refused',
        });
      }
    });
    next();
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A method is any token a client sends: anything unusual is one label, not one series per invention. */
const methodLabel = (method: string) => (METHODS.has(method) ? method : 'OTHER');

function routeTemplate(req: Request): string {
  const api = req.originalUrl.startsWith('/api/') || req.originalUrl === '/api';
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (api) return typeof path === 'string' ? `/api${path}` : '/api (no route)';
  return 'web';
}
