import { AuthEndpoints, Messages, OurMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import type { RightsTable } from '../../http/session';
import { loadRightsTable } from '../../http/session';
import { signIn } from './login';
import { resetPassword } from './password-reset';
import { updatePassword } from './password-update';
import { revokeSession } from '../users';
import { loadOwnNumbers, loadProfile } from './profile';

export function registerAuthRoutes(api: ApiRouter, ctx: AppContext): void {
  let rights: Promise<RightsTable> | undefined;
  const rightsTable = () => (rights ??= loadRightsTable(ctx.db));

  api.route(AuthEndpoints.login, async ({ body }, req) =>
    signIn(ctx, await rightsTable(), body, {
      ip: req.ip ?? null,
      userAgent: req.get('user-agent') ?? null,
    }),
  );

  api.route(AuthEndpoints.resetPassword, async ({ body }, req) => {
    await resetPassword(ctx, body.userName, req.ip ?? null);
    return { message: OurMessages.resetSent };
  });

  api.route(AuthEndpoints.logout, async ({ session }) => {
    await revokeSession(ctx.db, session.sessionId, ctx.now());
    return { message: OurMessages.loggedOut };
  });

  api.route(AuthEndpoints.passwordUpdate, async ({ body, session }) => {
    await updatePassword(ctx, session, body);
    return { message: Messages.passwordUpdated };
  });

  api.route(AuthEndpoints.profile, ({ session }) => loadProfile(ctx, session));
  api.route(AuthEndpoints.profileNumbers, ({ session }) => loadOwnNumbers(ctx, session));
}
