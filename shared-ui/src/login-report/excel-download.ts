import { Messages, ReportEndpoints } from '@portal/contracts';
import { callEndpoint } from '../http-client';
import { notify } from '../toasts';

/** The `token` query parameter of a report's download link, or null when it has none. */
export function downloadTokenOf(excelPath: string): string | null {
  try {
    return new URL(excelPath, 'http://portal.invalid').searchParams.get('token') || null;
  } catch {
    return null;
  }
}

/** Where the browser fetches the file: links the gateway gives are absolute or site-relative; others are under /api. */
export function downloadUrlOf(excelPath: string): string {
  if (/^(https?:)?\/\//i.test(excelPath) || excelPath.startsWith('/')) return excelPath;
  return `/api/${excelPath.replace(/^\.?\//, '')}`;
}

/** The browser saves the file itself, streaming it to disk rather than holding a large export in memory. */
function saveThroughBrowser(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Spec §4/§5 "Download": the link's token is checked first with `report/check-download-token-valid`;
 * only a valid one proceeds to the file, otherwise 'Invalid or expired link.' is shown.
 * Answers whether the download was started.
 */
export async function downloadReport(excelPath: string): Promise<boolean> {
  const token = downloadTokenOf(excelPath);
  if (!token) {
    notify.error(Messages.invalidDownloadLink);
    return false;
  }
  const check = await callEndpoint(ReportEndpoints.checkDownloadToken, { query: { token } });
  if (!check.valid) {
    notify.error(check.message || Messages.invalidDownloadLink);
    return false;
  }
  saveThroughBrowser(downloadUrlOf(excelPath));
  return true;
}
