// Zod-free, so the sign-in page's shared-ui (which holds the account-name check) can carry them (issue 27).

export const BankVerificationMessages = {
  accountName: (name: string) => `Account name: ${name}`,
  notFound:
    'We could not find this account number at the selected bank. Please check it; you can still register and the reviewer will check the account.',
  failed:
    'We could not check the account name just now. You can still continue; the reviewer will check the account.',
  notConfigured: 'Account names are not checked here; the reviewer will check the account.',
  tooMany:
    'Too many account name checks. Please try again later; you can still continue and the reviewer will check the account.',
  notVerified: 'not verified',
} as const;
