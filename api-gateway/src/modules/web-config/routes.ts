import { RemotesResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { remoteEntries } from './remote-entries';

export function registerWebConfigRoutes(api: ApiRouter, ctx: AppContext): void {
  // Computed once: a bad REMOTES value stops the gateway at start.
  const body: RemotesResponse = { remotes: remoteEntries(ctx.config) };
  api.route(
    {
      method: 'get',
      path: '/config/remotes',
      tag: 'Web',
      summary:
        "The remotes the shell loads at start: each one's name and mf-manifest.json URL (REMOTES overrides the defaults under /remotes/).",
      auth: 'public',
      responses: { 200: { description: 'The remote list.', schema: RemotesResponse } },
    },
    (_input, _req, res) => {
      // Read at every page load, so moving a remote takes effect without a shell build or a stale cache.
      res.set('Cache-Control', 'no-cache').json(body);
    },
  );
}
