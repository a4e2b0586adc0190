import type { AffiliateAction, AffiliateSummary } from '@portal/contracts';

export interface DecisionEmailInput {
  remark?: string;
  /** Present at the first decision: the affiliate signs in with it and is made to choose a new one. */
  temporaryPassword?: string;
}

/** The email an affiliate gets about a KYC decision; none for activation changes. */
export function decisionEmail(
  action: AffiliateAction,
  affiliate: Pick<AffiliateSummary, 'fullName' | 'affiliateCode' | 'email'>,
  input: DecisionEmailInput,
): { subject: string; body: string } | undefined {
  const credentials = input.temporaryPassword
    ? [
        'Sign in with your email and this temporary password:',
        '',
        `    ${input.temporaryPassword}`,
        '',
        'You will be asked to choose a new password when you sign in.',
      ]
    : [];
  if (action === 'approve') {
    return {
      subject: 'Your affiliate account is approved',
      body: lines(
        `Hello ${affiliate.fullName},`,
        '',
        `Your KYC has been approved. Your affiliate ID is ${affiliate.affiliateCode}.`,
        ...(input.remark ? ['', `Remark: ${input.remark}`] : []),
        ...(credentials.length ? ['', ...credentials] : []),
      ),
    };
  }
  if (action === 'reject') {
    return {
      subject: 'Your KYC application was not approved',
      body: lines(
        `Hello ${affiliate.fullName},`,
        '',
        `Your KYC for affiliate ID ${affiliate.affiliateCode} was not approved.`,
        '',
        `Remark: ${input.remark ?? ''}`,
        '',
        'Please sign in and update your details (Re-KYC) so we can review them again.',
        ...(credentials.length ? ['', ...credentials] : []),
      ),
    };
  }
  return undefined;
}

function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}
