/** One-time codes (spec §4, §9; DESIGN §4). The server enforces every number here. */
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 30;
export const OTP_EXPIRY_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export const OtpMessages = {
  required: 'Please provide OTP.',
  format: `OTP must be ${OTP_LENGTH} digits.`,
} as const;

export function otpError(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return OtpMessages.required;
  if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value.trim())) return OtpMessages.format;
  return undefined;
}
