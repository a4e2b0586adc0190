import { z } from 'zod';
import { OurMessages } from '../messages';
import { RIGHTS } from '../rights';
import { EMAIL_MAX_LENGTH } from '../rules/email';
import { EmailField } from '../rules/email-field';
import { requiredText } from './common';

/** The browser's position, when it arrived in time; degrees within ±limit. */
const coordinate = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message }).nullish();

export const LoginRequest = z.object({
  // Longer than any account's email: refused before it reaches the database or sign-in's memory of user names.
  userName: requiredText(OurMessages.userNameRequired).max(EMAIL_MAX_LENGTH, {
    error: OurMessages.userNameTooLong,
  }),
  password: z.string({ error: OurMessages.passwordRequired }).min(1, { error: OurMessages.passwordRequired }),
  latitude: coordinate(90, OurMessages.latitudeInvalid),
  longitude: coordinate(180, OurMessages.longitudeInvalid),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  roleID: z.number().int(),
  userRole: z.enum(['Admin', 'Backoffice', 'Affiliate']),
  email: z.string(),
  fullName: z.string(),
  forcePasswordUpdate: z.boolean(),
  userRights: z.array(z.enum(RIGHTS)),
  token: z.string(),
  expiresAt: z.string(),
  /** Only when true (an Admin without a second factor while it is required): the session may only enrol. */
  secondFactorEnrolment: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ResetPasswordRequest = z.object({ userName: EmailField });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export const PasswordUpdateRequest = z
  .object({
    currentPassword: z.string({ error: OurMessages.currentPasswordRequired }).min(1, {
      error: OurMessages.currentPasswordRequired,
    }),
    newPassword: z
      .string({ error: OurMessages.newPasswordRequired })
      .min(1, { error: OurMessages.newPasswordRequired })
      .min(PASSWORD_MIN_LENGTH, { error: OurMessages.newPasswordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: OurMessages.newPasswordTooLong }),
    confirmPassword: z.string({ error: OurMessages.confirmPasswordRequired }).min(1, {
      error: OurMessages.confirmPasswordRequired,
    }),
  })
  // Checked here so the form says it before sending; the server also refuses the password on file.
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    error: OurMessages.newPasswordSameAsCurrent,
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    error: OurMessages.passwordMismatch,
  });
export type PasswordUpdateRequest = z.infer<typeof PasswordUpdateRequest>;

export const ProfileResponse = z.object({
  fullName: z.string(),
  email: z.string(),
  phoneCode: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  identityType: z.enum(['BVN', 'NIN']).nullable(),
  ninOrBVN: z.string().nullable(),
  bankInfo: z.object({ bankName: z.string(), accountNumber: z.string() }).nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;
