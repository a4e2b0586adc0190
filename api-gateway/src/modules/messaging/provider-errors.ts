/**
 * How a provider call failed, for the delivery worker: an `UndeliverableError` is the recipient's (not a
 * WhatsApp number, blocked, opted out, invalid number): retrying cannot help, the message fails at once and the
 * applicant is told. Any other error (rate limits, 5xx, timeouts, a dropped connection) is retried with the
 * worker's backoff.
 */
export class UndeliverableError extends Error {
  constructor(
    message: string,
    /** The provider's error code, kept in the outbox's last_error for staff. */
    readonly providerCode?: string | number,
  ) {
    super(message);
    this.name = 'UndeliverableError';
  }
}

/** Meta Cloud API error codes a recipient causes: retrying the same number cannot succeed. */
export const WHATSAPP_RECIPIENT_ERRORS: ReadonlySet<number> = new Set([
  131026, // Message undeliverable: not a WhatsApp number, old app, terms not accepted, blocked the business
  131021, // Recipient cannot be the sender
  131050, // The user stopped the business's messages (opted out)
  1013, // User is not valid
  131051, // Unsupported message type for this user
]);

/** A Meta error answer: { error: { code, message, error_data: { details } } } (Graph API error shape). */
export interface GraphError {
  code?: number;
  message?: string;
  error_data?: { details?: string };
}

export function graphErrorText(error: GraphError | undefined, status?: number): string {
  const parts = [
    status ? `HTTP ${status}` : undefined,
    error?.code !== undefined ? `code ${error.code}` : undefined,
    error?.message,
    error?.error_data?.details,
  ].filter(Boolean);
  return parts.join(': ').slice(0, 400);
}

/** A provider's answer: its status and its body read as JSON (undefined when not JSON: a proxy's HTML page). */
export interface ProviderAnswer {
  ok: boolean;
  status: number;
  json: unknown;
}

/**
 * fetch with a hard timeout over the whole call, body included (AbortSignal.timeout); a timeout or a network
 * failure becomes a plain error, which the worker retries.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  label: string,
): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return { ok: response.ok, status: response.status, json };
  } catch (error) {
    // A DOMException is not always an Error in Node: read its name as a plain property.
    const name = (error as { name?: unknown } | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new Error(`${label}: no answer within ${timeoutMs} ms`);
    }
    const message = (error as { message?: unknown } | undefined)?.message;
    throw new Error(`${label}: ${typeof message === 'string' ? message : String(error)}`);
  }
}
