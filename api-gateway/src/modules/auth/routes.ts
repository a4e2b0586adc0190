import {
  ErrorResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  Messages,
  OurMessages,
  PasswordUpdateRequest,
  ProfileResponse,
  ResetPasswordRequest,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { preparedJson } from '../../http/prepared-json';
import type { RightsTable } from '../../http/session';
import { loadRightsTable } from '../../http/session';
import { signIn } from './login';
import { resetPassword } from './password-reset';
import { updatePassword } from './password-update';
import { loadProfile } from './profile';

export function registerAuthRoutes(api: ApiRouter, ctx: AppContext): void {
  let rights: Promise<RightsTable> | undefined;
  const rightsTable = () => (rights ??= loadRightsTable(ctx.db));

  api.route(
    {
      method: 'post',
      path: '/login/auth',
      tag: 'Auth',
      summary: 'Sign in with email and password; answers the rights of the account and a session token.',
      auth: 'public',
      body: LoginRequest,
      responses: {
        200: { description: 'Signed in.', schema: LoginResponse },
        401: { description: OurMessages.invalidCredentials, schema: ErrorResponse },
        403: { description: 'The account may not sign in (KYC pending, inactive).', schema: ErrorResponse },
        429: {
          description: 'Too many failed attempts; Retry-After says when to try again.',
          schema: ErrorResponse,
        },
      },
    },
    async ({ body }, req) =>
      signIn(ctx, await rightsTable(), body, {
        ip: req.ip ?? null,
        userAgent: req.get('user-agent') ?? null,
      }),
  );

  api.route(
    {
      method: 'post',
      path: '/login/reset',
      tag: 'Auth',
      summary: 'Forgot password: emails a temporary password. Same answer whether or not the account exists.',
      auth: 'public',
      body: ResetPasswordRequest,
      responses: { 200: { description: OurMessages.resetSent, schema: MessageResponse } },
    },
    async ({ body }) => {
      await resetPassword(ctx, body.userName);
      return { message: OurMessages.resetSent };
    },
  );

  api.route(
    {
      method: 'post',
      path: '/login/logout',
      tag: 'Auth',
      summary: 'Signs out: the session is revoked at once and its token stops working.',
      auth: 'session',
      responses: { 200: { description: OurMessages.loggedOut, schema: MessageResponse } },
    },
    async ({ session }) => {
      await ctx.db.query('UPDATE sessions SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL', [
        session!.sessionId,
        ctx.now(),
      ]);
      return { message: OurMessages.loggedOut };
    },
  );

  api.route(
    {
      method: 'post',
      path: '/users/passwordUpdate',
      tag: 'Auth',
      summary: "Changes the caller's password; the caller's other sessions are revoked.",
      auth: 'session',
      body: PasswordUpdateRequest,
      responses: { 200: { description: Messages.passwordUpdated, schema: MessageResponse } },
    },
    async ({ body, session }) => {
      await updatePassword(ctx, session!, body);
      return { message: Messages.passwordUpdated };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/user/profile',
      tag: 'Auth',
      summary: "The caller's profile: personal details, and identity and bank details for affiliates.",
      auth: 'session',
      responses: { 200: { description: 'The profile.', schema: ProfileResponse } },
    },
    // The cached profile goes out as JSON serialised (and hashed for its ETag) once, not on every call.
    async ({ session }) => preparedJson(await loadProfile(ctx, session!)),
  );
}
