/** The email a user an admin created gets: how to sign in, with the temporary password to change at once. */
export function welcomeEmail(
  user: { fullName: string; email: string; role: string },
  temporaryPassword: string,
): { subject: string; body: string } {
  return {
    subject: 'Your affiliate portal account',
    body: [
      `Hello ${user.fullName},`,
      '',
      `An administrator has created a ${user.role} account for you on the affiliate portal.`,
      '',
      'Sign in with your email and this temporary password:',
      '',
      `    ${temporaryPassword}`,
      '',
      'You will be asked to choose a new password when you sign in.',
      '',
    ].join('\n'),
  };
}
