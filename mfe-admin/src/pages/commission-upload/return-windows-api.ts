import type { ReturnWindowList, SaveReturnWindowResponse } from '@portal/contracts';
import { CommissionEndpoints } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

/** Issue 28: every product category with its return window (days an order's commission is held). */
export function fetchReturnWindows(signal: AbortSignal): Promise<ReturnWindowList> {
  return callEndpoint(CommissionEndpoints.returnWindows, {}, { signal });
}

/** Sets one category's window; a refusal throws after the client's error toast (spec §8). */
export function saveReturnWindow(
  productCategory: string,
  returnDays: number,
): Promise<SaveReturnWindowResponse> {
  return callEndpoint(CommissionEndpoints.saveReturnWindow, { body: { productCategory, returnDays } });
}
