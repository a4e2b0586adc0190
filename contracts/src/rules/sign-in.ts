import { OurMessages } from '../messages';
import { EMAIL_MAX_LENGTH } from './email';
import { hasControlCharacters, TextMessages } from './plain-text';

/**
 * A string with something in it besides spaces, and no control characters; `requiredText` in api/common.ts
 * is the zod form of this.
 */
export function requiredTextError(value: unknown, message: string): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return message;
  return hasControlCharacters(value.trim()) ? TextMessages.controlCharacters : undefined;
}

/**
 * The sign-in form's rules without zod, so the first page a visitor loads does not bring it. `LoginRequest`
 * (api/auth.ts) says the same for the gateway; a test checks that both agree on every input.
 */
export const signInFieldError = {
  userName: (value: unknown) =>
    requiredTextError(value, OurMessages.userNameRequired) ??
    ((value as string).trim().length > EMAIL_MAX_LENGTH ? OurMessages.userNameTooLong : undefined),
  password: (value: unknown) =>
    typeof value === 'string' && value.length > 0 ? undefined : OurMessages.passwordRequired,
};
