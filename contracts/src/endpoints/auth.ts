import { ErrorResponse, MessageResponse } from '../api/common';
import {
  LoginRequest,
  LoginResponse,
  PasswordUpdateRequest,
  ProfileResponse,
  ResetPasswordRequest,
} from '../api/auth';
import { RemotesResponse } from '../api/master';
import {
  LoginAnswer,
  SecondFactorConfirmRequest,
  SecondFactorConfirmResponse,
  SecondFactorRemoveRequest,
  SecondFactorSetup,
  SecondFactorSignInRequest,
  SecondFactorStatus,
} from '../api/second-factor';
import { SecondFactorMessages } from '../second-factor-messages';
import { IdentityNumbersMessages, IdentityNumbersResponse } from '../api/affiliates';
import { defineEndpoint } from '../endpoint';
import { Messages, OurMessages } from '../messages';
import { SignInEndpoints } from './sign-in';

export const AuthEndpoints = {
  login: defineEndpoint({
    ...SignInEndpoints.login,
    body: LoginRequest,
    answer: { ...SignInEndpoints.login.answer, schema: LoginAnswer },
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
    allowedDuringSecondFactorEnrolment: true,
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

const staffOnly = { description: SecondFactorMessages.staffOnly, schema: ErrorResponse };

/** Second factor for staff (issue 29): sign-in's code step and the caller's own enrolment. */
export const SecondFactorEndpoints = {
  signIn: defineEndpoint({
    ...SignInEndpoints.secondFactor,
    body: SecondFactorSignInRequest,
    answer: { ...SignInEndpoints.secondFactor.answer, schema: LoginResponse },
    otherAnswers: {
      401: { description: 'Wrong or used code, or an expired challenge.', schema: ErrorResponse },
      429: {
        description: 'Too many failed attempts; Retry-After says when to try again.',
        schema: ErrorResponse,
      },
    },
  }),
  status: defineEndpoint({
    method: 'get',
    path: '/user/second-factor',
    tag: 'Auth',
    summary:
      "Staff: whether the caller's two-step sign-in is set up, required, and how many recovery codes are left.",
    auth: 'session',
    answer: { description: 'The status.', schema: SecondFactorStatus },
    otherAnswers: { 403: staffOnly },
    allowedDuringSecondFactorEnrolment: true,
  }),
  setup: defineEndpoint({
    method: 'post',
    path: '/user/second-factor/setup',
    tag: 'Auth',
    summary:
      'Staff: starts (or restarts) setting up an authenticator app: a new secret, its otpauth URI and QR code. ' +
      'Nothing changes for sign-in until confirm.',
    auth: 'session',
    answer: { description: 'The secret to add to the authenticator app.', schema: SecondFactorSetup },
    otherAnswers: {
      403: staffOnly,
      409: { description: SecondFactorMessages.alreadyEnrolled, schema: ErrorResponse },
    },
    allowedDuringSecondFactorEnrolment: true,
  }),
  confirm: defineEndpoint({
    method: 'post',
    path: '/user/second-factor/confirm',
    tag: 'Auth',
    summary:
      "Staff: the first code from the app confirms the set-up; answers ten recovery codes, shown this once. An Admin's " +
      'session that had to set it up may then call everything again.',
    auth: 'session',
    body: SecondFactorConfirmRequest,
    answer: { description: SecondFactorMessages.enrolled, schema: SecondFactorConfirmResponse },
    otherAnswers: {
      403: staffOnly,
      409: { description: 'Already set up, or no set-up started.', schema: ErrorResponse },
    },
    allowedDuringSecondFactorEnrolment: true,
  }),
  remove: defineEndpoint({
    method: 'post',
    path: '/user/second-factor/remove',
    tag: 'Auth',
    summary:
      "Staff: turns the caller's own two-step sign-in off with a current code or a recovery code (wrong ones count " +
      "toward the sign-in lockout); the caller's other sessions end. An Admin who must have one sets it up again at once.",
    auth: 'session',
    body: SecondFactorRemoveRequest,
    answer: { description: SecondFactorMessages.removed, schema: MessageResponse },
    otherAnswers: {
      401: { description: SecondFactorMessages.codeWrong, schema: ErrorResponse },
      403: staffOnly,
      409: { description: SecondFactorMessages.notEnrolled, schema: ErrorResponse },
      429: { description: 'Too many failed attempts.', schema: ErrorResponse },
    },
  }),
};

export const WebConfigEndpoints = {
  remotes: defineEndpoint({
    ...SignInEndpoints.remotes,
    answer: { ...SignInEndpoints.remotes.answer, schema: RemotesResponse },
  }),
};
