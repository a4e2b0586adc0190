import {
  AuthEndpoints,
  Messages,
  OurMessages,
  SecondFactorEndpoints,
  SecondFactorMessages,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import type { RightsTable } from '../../http/session';
import { loadRightsTable } from '../../http/session';
import { signIn } from './login';
import { resetPassword } from './password-reset';
import { updatePassword } from './password-update';
import { revokeSession } from '../users';
import { loadOwnNumbers, loadProfile } from './profile';
import {
  confirmSecondFactor,
  removeOwnSecondFactor,
  secondFactorStatus,
  signInWithSecondFactor,
  startSecondFactorSetup,
} from './second-factor';

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

  // Second factor for staff (issue 29).
  const client = (req: { ip?: string; get(name: string): string | undefined }) => ({
    ip: req.ip ?? null,
    userAgent: req.get('user-agent') ?? null,
  });
  api.route(SecondFactorEndpoints.signIn, async ({ body }, req) =>
    signInWithSecondFactor(ctx, await rightsTable(), body, client(req)),
  );
  api.route(SecondFactorEndpoints.status, ({ session }) => secondFactorStatus(ctx, session));
  api.route(SecondFactorEndpoints.setup, ({ session }) => startSecondFactorSetup(ctx, session));
  api.route(SecondFactorEndpoints.confirm, ({ body, session }) => confirmSecondFactor(ctx, session, body));
  api.route(SecondFactorEndpoints.remove, async ({ body, session }, req) => {
    await removeOwnSecondFactor(ctx, session, body, client(req));
    return { message: SecondFactorMessages.removed };
  });
  api.route(AuthEndpoints.profileNumbers, ({ session }) => loadOwnNumbers(ctx, session));
}
