import { PaystackWebhookEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { readRawWebhookBody } from '../../http/raw-body';
import { receivePaystackEvent } from './webhook';

/** Issue 28: Paystack's transfer events (public; the signature is the authentication). */
export function registerPaystackPayoutRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(PaystackWebhookEndpoints.paystack, (_input, req, res) => receivePaystackEvent(ctx, req, res), {
    before: readRawWebhookBody,
  });
}
