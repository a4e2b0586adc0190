import {
  AffiliateAreaEndpoints,
  BankVerificationEndpoints,
  MasterEndpoints,
  ReKycPartEndpoints,
  SELFIE_FIELD,
} from '@portal/contracts';
import type { BankOption, ReKycDetails, ReKycRequest, ResolveAccountNameResponse } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

export interface ReKycData {
  details: ReKycDetails;
  banks: BankOption[];
}

/** The caller's KYC profile and the master bank list, loaded together for the form. */
export async function fetchReKycData(signal?: AbortSignal): Promise<ReKycData> {
  const [details, options] = await Promise.all([
    callEndpoint(AffiliateAreaEndpoints.reKycDetails, {}, { signal }),
    callEndpoint(MasterEndpoints.registerOptions, {}, { signal }),
  ]);
  return { details, banks: options.banks };
}

/** The fields the form shows the server's refusals under. */
export const RE_KYC_FIELDS = ['fullName', 'ninOrBVN', 'bankID', 'accountNumber'] as const;

/**
 * `POST affiliate/rekyc`; answers the server's message ('KYC updated successfully!'). A refusal of the form's
 * own fields is shown under them by the form, not as a toast.
 */
export async function submitReKyc(body: ReKycRequest): Promise<string> {
  const answer = await callEndpoint(AffiliateAreaEndpoints.reKyc, { body }, { fieldsShown: RE_KYC_FIELDS });
  return answer.message;
}

/** The name the bank holds for the account (issue 27); quiet: the form shows the outcome under the field. */
export function resolveReKycAccountName(
  bankID: number,
  accountNumber: string,
): Promise<ResolveAccountNameResponse> {
  return callEndpoint(
    BankVerificationEndpoints.reKycResolveAccountName,
    { body: { bankID, accountNumber } },
    { quiet: true },
  );
}

/** Issue 50: the returned selfie taken again; kept by the server until the re-KYC is submitted. */
export async function uploadReKycSelfie(file: File): Promise<string> {
  const form = new FormData();
  form.append(SELFIE_FIELD, file);
  return (await callEndpoint(ReKycPartEndpoints.reKycSelfie, { body: form })).message;
}
