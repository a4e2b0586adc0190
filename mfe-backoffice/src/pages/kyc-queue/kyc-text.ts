import { KYC_RISK_LABELS } from '@portal/contracts';
import type { KycCaseSummary } from '@portal/contracts';
import { formatDate, formatTime } from '@portal/shared-ui';

/** '26 h' for a case's wait; under an hour reads '< 1 h', so a fresh case never looks like it waited 0 hours. */
export const ageText = (hours: number) => (hours < 1 ? '< 1 h' : `${hours.toLocaleString('en-NG')} h`);

export const riskLabels = (kycCase: Pick<KycCaseSummary, 'risks'>) =>
  kycCase.risks.map((risk) => KYC_RISK_LABELS[risk]);

/** A claim's lapse to the minute, '14:30': seconds would suggest a precision the 30 minutes do not have. */
export const clockText = (instant: string) => formatTime(instant).slice(0, 5);

/** Who holds the case, in a cell or a line: 'Ada Obi until 14:30', or 'Unclaimed'. */
export const holderText = (kycCase: Pick<KycCaseSummary, 'claim'>) =>
  kycCase.claim ? `${kycCase.claim.reviewerName} until ${clockText(kycCase.claim.expiresOn)}` : 'Unclaimed';

export const queuedText = (kycCase: Pick<KycCaseSummary, 'queuedOn'>) =>
  `${formatDate(kycCase.queuedOn)} ${formatTime(kycCase.queuedOn)}`;
