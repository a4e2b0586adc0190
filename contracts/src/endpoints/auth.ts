import { ErrorResponse, MessageResponse } from '../api/common';
import {
  LoginRequest,
  LoginResponse,
  PasswordUpdateRequest,
  ProfileResponse,
  ResetPasswordRequest,
} from '../api/auth';
import { RemotesResponse } from '../api/master';
import { IdentityNumbersMessages, IdentityNumbersResponse } from '../api/affiliates';
import { defineEndpoint } from '../endpoint';
import { Messages, OurMessages } from '../messages';
import { SignInEndpoints } from './sign-in';

export const AuthEndpoints = {
  login: defineEndpoint({
    ...SignInEndpoints.login,
    body: LoginRequest,
    answer: { ...SignInEndpoints.login.answer, schema: LoginResponse },
    otherAnswers: {
      401: { description: OurMessages.invalidCredentials, schema: ErrorResponse },
      403: { description: 'The account may not sign in (KYC pending, inactive).', schema: ErrorResponse },
      429: {
        description: 'Too many failed attempts; Retry-After says when to try again.',
        schema: ErrorResponse,
      },
    },
  }),
  resetPassword: defineEndpoint({
    ...SignInEndpoints.resetPassword,
    body: ResetPasswordRequest,
    answer: { ...SignInEndpoints.resetPassword.answer, schema: MessageResponse },
    otherAnswers: {
      429: {
        description: 'Too many requests from this IP (any addresses); Retry-After says when to try again.',
        schema: ErrorResponse,
      },
    },
  }),
  logout: defineEndpoint({
    ...SignInEndpoints.logout,
    answer: { ...SignInEndpoints.logout.answer, schema: MessageResponse },
  }),
  passwordUpdate: defineEndpoint({
    method: 'post',
    path: '/users/passwordUpdate',
    tag: 'Auth',
    summary:
      "Changes the caller's password; the caller's other sessions are revoked. Refuses the current password " +
      'and common or easy-to-guess ones. The one call (with logout) open to a session that must change its password.',
    auth: 'session',
    body: PasswordUpdateRequest,
    answer: { description: Messages.passwordUpdated, schema: MessageResponse },
    allowedDuringForcedPasswordUpdate: true,
  }),
  profileNumbers: defineEndpoint({
    method: 'get',
    path: '/user/profile/numbers',
    tag: 'Auth',
    summary:
      "The signed-in affiliate's own BVN/NIN and account number in clear (user/profile masks them): the profile's Show. 404 for accounts without them (staff).",
    auth: 'session',
    answer: { description: 'The clear numbers', schema: IdentityNumbersResponse },
    otherAnswers: { 404: { description: IdentityNumbersMessages.noNumbers, schema: ErrorResponse } },
  }),
  profile: defineEndpoint({
    method: 'get',
    path: '/user/profile',
    tag: 'Auth',
    summary:
      "The caller's profile: personal details, and identity and bank details for affiliates (the numbers masked, '••••••••562'; user/profile/numbers answers them in clear).",
    auth: 'session',
    answer: { description: 'The profile.', schema: ProfileResponse },
  }),
};

export const WebConfigEndpoints = {
  remotes: defineEndpoint({
    ...SignInEndpoints.remotes,
    answer: { ...SignInEndpoints.remotes.answer, schema: RemotesResponse },
  }),
};
