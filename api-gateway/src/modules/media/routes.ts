import { MediaEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { FileStore } from '../../storage/file-store';
import { serveSelfie } from './serve-selfie';

export function registerMediaRoutes(api: ApiRouter, ctx: AppContext): void {
  const store = new FileStore(ctx);
  api.route(MediaEndpoints.file, ({ query, session }, _req, res) =>
    serveSelfie(ctx, store, session, query.fileUrl, res),
  );
}
