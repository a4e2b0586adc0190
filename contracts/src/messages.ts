/** Every user-facing string the spec fixes, quoted exactly (spec §1, §2, §5, §8). */
export const Texts = {
  loginHeading: 'Sign In',
  loginTagline: 'Access your affiliate management account',
  registerLink: 'Register as an Affiliate',
  registrationHeading: 'Affiliate Registration',
  registrationTagline: 'Join the affiliate network and start earning commissions',
  pageNotFound: 'Page Not Found',
  selfieHint: 'PNG, JPG up to 5MB',
  systemStatusOnline: 'Online',
  sectionUnavailable: 'This section is unavailable',
} as const;

export const Messages = {
  // registration step one, in the order checked
  fullNameRequired: 'Please provide full name.',
  emailRequired: 'Please provide email.',
  emailInvalid: 'Email is not valid.',
  emailChanged: 'looks like email is changed, please verify again.',
  countryRequired: 'Please select country.',
  mobileRequired: 'Please provide mobile.',
  mobileLength: (digits: number) => `Mobile number must be ${digits} digit.`,
  emailVerified: 'Email verified successfully!',
  mobileVerified: 'Mobile verified successfully!',
  // registration final submit, in order
  ninOrBvnRequired: 'Please provide NIN or BVN.',
  bankRequired: 'Please provide Bank Name.',
  accountNumberRequired: 'Please provide Account Number.',
  selfieRequired: 'Please provide Selfie.',
  captchaInvalid: 'Invalid CAPTCHA!',
  termsRequired: 'Please accept terms and conditions.',
  // re-KYC
  ninOrBvnInvalid: 'provided NIN or BVN is not valid.',
  // user forms
  countryCodeRequired: 'Please select country code.',
  roleRequired: 'Please select role.',
  roleProvide: 'Please provide role.',
  // KYC decisions
  remarkRequired: 'Please provide remark.',
  // notifications
  titleRequired: 'Please provide title.',
  messageRequired: 'Please provide message.',
  // commission upload
  invalidExcelType: 'Invalid file type. Please upload Excel (.xlsx, .xls) file.',
  // downloads
  invalidDownloadLink: 'Invalid or expired link.',
  // session
  unauthorized: 'Unauthorized request - 401',
  // success (spec §8)
  rejected: 'Rejected successfully.',
  approved: 'Approved successfully.',
  userInactivated: 'User Inactive successfully.',
  deleted: 'Deleted successfully.',
  notificationDeleted: 'Notification deleted successfully',
  passwordUpdated: 'Password updated successfully.',
  kycUpdated: 'KYC updated successfully!',
  inactivateConfirm: 'Are you sure you want to Inactive this user?',
} as const;

/** Messages the spec leaves to us; one place so the UI and the gateway agree. */
export const OurMessages = {
  userNameRequired: 'Please provide email.',
  /** No account's email is longer (rules/email.ts EMAIL_MAX_LENGTH). */
  userNameTooLong: 'Email must be at most 254 characters.',
  passwordRequired: 'Please provide password.',
  latitudeInvalid: 'Latitude must be a number from -90 to 90.',
  longitudeInvalid: 'Longitude must be a number from -180 to 180.',
  invalidCredentials: 'Invalid email or password.',
  resetSent: 'If an account exists for that email, a temporary password has been sent to it.',
  currentPasswordRequired: 'Please provide current password.',
  currentPasswordWrong: 'Current password is not correct.',
  newPasswordRequired: 'Please provide new password.',
  newPasswordTooShort: 'New password must be at least 8 characters.',
  newPasswordTooLong: 'New password must be at most 64 characters.',
  newPasswordSameAsCurrent: 'New password must be different from the current password.',
  newPasswordTooCommon: 'This password is too common or too easy to guess. Please choose another one.',
  /** Shown under New Password: the rule the server applies. */
  newPasswordRule:
    'At least 8 characters, not your current password, and not a common or easy-to-guess password.',
  confirmPasswordRequired: 'Please confirm the new password.',
  passwordMismatch: 'New password and confirm password do not match.',
  kycPending: 'Your KYC is pending review. You can sign in once it is approved.',
  accountInactive: 'Your account is inactive. Please contact support.',
  loggedOut: 'Logged out successfully.',
  passwordChangeRequired: 'You must change your password before you can continue.',
  tooManyResets: (minutes: number) =>
    `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
