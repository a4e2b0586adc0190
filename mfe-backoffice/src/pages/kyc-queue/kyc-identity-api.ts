import { IdentityCheckEndpoints } from '@portal/contracts';
import type { IdentityCheckView } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

/** The identity check against the authority on a case (issue 50, part 1). */
export const fetchIdentityCheck = (affiliateID: number, signal?: AbortSignal): Promise<IdentityCheckView> =>
  callEndpoint(IdentityCheckEndpoints.identityCheck, { params: { id: String(affiliateID) } }, { signal });
