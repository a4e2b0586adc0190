import type express from 'express';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function routesOf(stack: Layer[]): { method: string; path: string }[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { path } = layer.route;
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => ({ method, path }));
    }
    return layer.handle?.stack ? routesOf(layer.handle.stack) : [];
  });
}

/**
 * Every method and Express path mounted under /api, read from Express itself. Swagger UI's own script is
 * a file of the docs page, not a call, and is left out.
 */
export function mountedApiRoutes(app: express.Express): { method: string; path: string }[] {
  const appRouter = (app as unknown as { router: { stack: Layer[] } }).router;
  // The router mounted at /api is the one that serves the document itself.
  const apiLayer = appRouter.stack.find((layer) =>
    layer.handle?.stack?.some((inner) => inner.route?.path === '/openapi.json'),
  );
  if (!apiLayer?.handle?.stack) throw new Error('no router mounted at /api');
  return routesOf(apiLayer.handle.stack).filter((route) => route.path !== '/docs/init.js');
}
