import { Messages } from '../messages';

/**
 * The form's input is capped at 10 characters (spec §5: "exactly 10 digits with maximum length 10"), which
 * is Nigeria's configured length; the rule that decides is the selected country's phoneNumberLength
 * (spec §9: "equal to the country's configured length"), so Ghana (9) or Niger (8) numbers are accepted.
 */
export const MOBILE_FORM_MAX_LENGTH = 10;

/** Spaces and hyphens people type are dropped; anything else must be digits. */
export function normaliseMobileNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** maxLength for the mobile input once a country is chosen. */
export function mobileInputMaxLength(phoneNumberLength: number | undefined): number {
  return phoneNumberLength ?? MOBILE_FORM_MAX_LENGTH;
}

/** Presence, then digits-only of exactly the country's length; one message for both as the spec words it. */
export function mobileNumberError(value: unknown, phoneNumberLength: number): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return Messages.mobileRequired;
  const mobile = normaliseMobileNumber(value);
  if (!/^\d+$/.test(mobile) || mobile.length !== phoneNumberLength)
    return Messages.mobileLength(phoneNumberLength);
  return undefined;
}

/** The WhatsApp address: country phone code plus the national number, e.g. +2348031234567. */
export function internationalMobile(phoneCode: string, mobileNumber: string): string {
  return `${phoneCode}${normaliseMobileNumber(mobileNumber)}`;
}
