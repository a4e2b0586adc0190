// The calls made before anyone signs in (the shell's start, the sign-in page) and sign-out, without zod:
// answers are checked by the tested zod-free twins. The package root's definitions of the same calls
// spread these and add the zod schemas, so each path is still written once.
import { defineEndpoint } from '../endpoint';
import {
  LoginAnswerCheck,
  LoginResponseCheck,
  MessageResponseCheck,
  RemotesResponseCheck,
} from '../api/plain-parsers';
import { OurMessages } from '../messages';

export const SignInEndpoints = {
  login: defineEndpoint({
    method: 'post',
    path: '/login/auth',
    tag: 'Auth',
    summary:
      'Sign in with email and password; answers the rights of the account and a session token, or, for an ' +
      'account with a second factor, { secondFactorRequired, challenge, message }: then login/second-factor.',
    auth: 'public',
    answer: { description: 'Signed in, or a code is needed.', schema: LoginAnswerCheck },
  }),
  secondFactor: defineEndpoint({
    method: 'post',
    path: '/login/second-factor',
    tag: 'Auth',
    summary:
      "Sign-in's second step: the password step's challenge with a 6-digit code from the authenticator app " +
      '(each accepted once, ±30 s of clock skew) or a recovery code (once); answers the login response. Wrong ' +
      'codes count toward the sign-in lockout.',
    auth: 'public',
    answer: { description: 'Signed in.', schema: LoginResponseCheck },
  }),
  resetPassword: defineEndpoint({
    method: 'post',
    path: '/login/reset',
    tag: 'Auth',
    summary:
      'Forgot password: emails a temporary password that works beside the current one for 30 minutes. ' +
      'Same answer whether or not the account exists.',
    auth: 'public',
    answer: { description: OurMessages.resetSent, schema: MessageResponseCheck },
  }),
  logout: defineEndpoint({
    method: 'post',
    path: '/login/logout',
    tag: 'Auth',
    summary: 'Signs out: the session is revoked at once and its token stops working.',
    auth: 'session',
    answer: { description: OurMessages.loggedOut, schema: MessageResponseCheck },
    allowedDuringForcedPasswordUpdate: true,
    allowedDuringSecondFactorEnrolment: true,
  }),
  remotes: defineEndpoint({
    method: 'get',
    path: '/config/remotes',
    tag: 'Web',
    summary:
      "The remotes the shell loads at start: each one's name and mf-manifest.json URL (REMOTES overrides the defaults under /remotes/).",
    auth: 'public',
    answer: { description: 'The remote list.', schema: RemotesResponseCheck },
  }),
};
