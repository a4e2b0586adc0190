import type { Logger } from 'pino';
import type { IdentityProduct } from '../../config-identity';
import type { IdentityChecker } from './provider';
import { maskedIdNumber } from './provider';

/**
 * The development default: nothing leaves the machine. It answers a deterministic demo result, the registered
 * names as the authority's, date of birth 1990-01-01, face match passed (Biometric KYC), job id `log-<our job id>`,
 * and logs the masked number. The reviewer's screen says it is a demo answer; production never uses it unless
 * IDENTITY_PROVIDER=log is set there on purpose.
 */
export function logIdentityChecker(product: IdentityProduct, logger: Logger): IdentityChecker {
  return {
    provider: 'log',
    check(lookup) {
      logger.info(
        {
          provider: 'log',
          product,
          job: lookup.partnerJobId,
          idType: lookup.idType,
          idNumber: maskedIdNumber(lookup.idNumber),
        },
        'identity check (log provider: nothing sent)',
      );
      return Promise.resolve({
        outcome: 'answered',
        providerJobId: `log-${lookup.partnerJobId}`,
        idStatus: 'verified',
        firstName: lookup.firstName || null,
        lastName: lookup.lastName || null,
        otherNames: null,
        dateOfBirth: '1990-01-01',
        faceMatch: product === 'biometric_kyc' ? 'passed' : 'not_done',
        resultCode: product === 'biometric_kyc' ? '1020' : '1012',
        resultText: 'Demo answer from the log provider',
      });
    },
  };
}
