import type { AxiosProgressEvent } from 'axios';
import type {
  CommissionRatesPage,
  CommissionUploadRefusal,
  CommissionUploadResponse,
  CommissionUploadsPage,
} from '@portal/contracts';
import {
  COMMISSION_UPLOAD_FIELD,
  CommissionEndpoints,
  CommissionUploadRefusal as Refusal,
} from '@portal/contracts';
import { callEndpoint, errorMessageOf } from '@portal/shared-ui';
import axios from 'axios';

export const RATES_PAGE_SIZE = 10;
export const UPLOADS_PAGE_SIZE = 5;

/** What an upload ended with: the server's message, and on a refusal the rows it named. */
export type UploadOutcome =
  | { success: true; message: string }
  | { success: false; message: string; errors: CommissionUploadRefusal['errors'] };

/**
 * `master/commision/upload` with the file in `data`; `onProgress` gets 0-100 as the bytes go out. A refusal is
 * an outcome, not a thrown error: the client has shown its message as an error toast (spec §8), and the screen
 * shows it again beside the rows it names.
 */
export async function uploadCommissionFile(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append(COMMISSION_UPLOAD_FIELD, file, file.name);
  try {
    const answer: CommissionUploadResponse = await callEndpoint(
      CommissionEndpoints.upload,
      { body: form },
      {
        onUploadProgress: (event: AxiosProgressEvent) => {
          const total = event.total ?? file.size;
          if (total > 0) onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
        },
      },
    );
    return { success: true, message: answer.message };
  } catch (error) {
    const refusal = axios.isAxiosError(error) ? Refusal.safeParse(error.response?.data) : undefined;
    if (refusal?.success) return refusal.data;
    return { success: false, message: errorMessageOf(error), errors: [] };
  }
}

export function fetchCurrentRates(
  query: { page: number; search: string; category: string },
  signal: AbortSignal,
): Promise<CommissionRatesPage> {
  return callEndpoint(
    CommissionEndpoints.rates,
    {
      query: {
        page: query.page,
        pageSize: RATES_PAGE_SIZE,
        ...(query.search ? { search: query.search } : {}),
        ...(query.category ? { category: query.category } : {}),
      },
    },
    { signal },
  );
}

export function fetchUploads(page: number, signal: AbortSignal): Promise<CommissionUploadsPage> {
  return callEndpoint(
    CommissionEndpoints.uploads,
    { query: { page, pageSize: UPLOADS_PAGE_SIZE } },
    { signal },
  );
}
