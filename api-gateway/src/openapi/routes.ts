import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response, Router } from 'express';
import express from 'express';
import { DocsEndpoints } from '@portal/contracts';
import type { AppContext } from '../context';
import type { RouteDoc } from '../http/api-router';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const GATEWAY_VERSION = (
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

/** Swagger UI sets styles inline; everything else comes from this origin. */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The document's own two calls, so the document lists every call there is. */
const DOCS_ROUTES: RouteDoc[] = Object.values(DocsEndpoints);

/**
 * Serves /api/openapi.json and a Swagger UI at /api/docs. The document is built on first request, when every
 * module has registered its routes.
 */
export function registerOpenApiRoutes(api: Router, ctx: AppContext): void {
  let document: OpenApiDocument | undefined;
  api.get('/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument([...DOCS_ROUTES, ...ctx.routeDocs], GATEWAY_VERSION);
    res.json(document);
  });
  api.get('/docs', (req, res) => sendDocsPage(req, res));
  api.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-cache').send(INIT_SCRIPT);
  });
  api.use(
    '/docs/assets',
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', DOCS_CSP);
      next();
    },
    express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1d', fallthrough: true }),
  );
}

function sendDocsPage(req: Request, res: Response): void {
  const base = req.baseUrl; // where the API is mounted, e.g. /api
  res.status(200).set('Content-Security-Policy', DOCS_CSP).set('Cache-Control', 'no-cache').type('html')
    .send(`<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Affiliate portal API</title>
    <link rel="stylesheet" href="${base}/docs/assets/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui" data-spec-url="${base}/openapi.json"></div>
    <script src="${base}/docs/assets/swagger-ui-bundle.js"></script>
    <script src="${base}/docs/init.js"></script>
  </body>
</html>
`);
}

// A file of its own rather than an inline script, so the page's CSP needs no 'unsafe-inline' for scripts.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
`;
