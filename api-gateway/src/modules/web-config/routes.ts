import { WebConfigEndpoints } from '@portal/contracts';
import type { RemotesResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { remoteEntries } from './remote-entries';

export function registerWebConfigRoutes(api: ApiRouter, ctx: AppContext): void {
  // Computed once: a bad REMOTES value stops the gateway at start.
  const body: RemotesResponse = { remotes: remoteEntries(ctx.config) };
  api.route(WebConfigEndpoints.remotes, (_input, _req, res) => {
    // Read at every page load, so moving a remote takes effect without a shell build or a stale cache.
    res.set('Cache-Control', 'no-cache').json(body);
  });
}
