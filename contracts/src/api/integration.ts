import { z } from 'zod';
import { hasControlCharacters } from '../rules/plain-text';
import { DATE_PARAM_MAX, DATE_PARAM_MIN } from './common';
import { ORDER_STATUSES } from './orders';

/** Items per call to /api/integration/retailers and /api/integration/orders; more is a 413. */
export const INTEGRATION_BATCH_MAX = 1_000;

/**
 * Calls per API key to /api/integration/*, counted in the database across gateways: up to `calls` in a row,
 * then `calls` a minute, evenly. Well above what the retail platform sends (a batch holds 1,000 items).
 */
export const INTEGRATION_CALL_LIMIT = { calls: 1_200, perMinutes: 1 } as const;

export const IntegrationMessages = {
  unauthorized: 'A valid API key is required in the X-API-Key header.',
  tooManyItems: (what: 'retailers' | 'orders') =>
    `At most ${INTEGRATION_BATCH_MAX.toLocaleString('en-US')} ${what} per call.`,
  callLimit: `Too many calls with this API key: at most ${INTEGRATION_CALL_LIMIT.calls.toLocaleString('en-US')} a minute. Please slow down and try again in a moment.`,
  invalidUtf8: (field: string) => `${field} is not valid UTF-8 text; nothing was stored.`,
  invalidUtf8Field: 'This text is not valid UTF-8.',
  retailersList: 'retailers must be a list of retailers.',
  ordersList: 'orders must be a list of orders.',
  item: 'Each item must be an object.',
  text: (field: string, max: number) => `${field} must be text of 1 to ${max} characters.`,
  orderDate: `orderDate must be a date (yyyy-MM-dd) between ${DATE_PARAM_MIN} and ${DATE_PARAM_MAX}.`,
  orderValue: 'orderValue must be a decimal string of naira, e.g. "12500.50" (at most 2 decimals).',
  status: `status must be one of ${ORDER_STATUSES.join(', ')}.`,
  duplicate: (first: string) => `Appears more than once in this batch (first as ${first}).`,
  unknownAffiliate: 'No affiliate has this code.',
  unknownRetailer: 'No retailer has this externalId (send it to /api/integration/retailers first).',
  affiliateChanged: 'A retailer stays with its affiliate; this retailer belongs to another one.',
  retailerChanged: 'An order stays with the retailer that placed it; this order belongs to another one.',
  invalidBatch: (count: number, what: 'retailers' | 'orders') =>
    `${count} of the ${what} ${count === 1 ? 'is' : 'are'} invalid; nothing was stored.`,
  /** 409: items already stored under another owner (an affiliate for a retailer, a retailer for an order). */
  ownerConflict: (what: 'retailers' | 'orders', externalIds: readonly string[]) => {
    const named =
      externalIds.slice(0, 5).join(', ') +
      (externalIds.length > 5 ? ` and ${externalIds.length - 5} more` : '');
    const one = externalIds.length === 1;
    return what === 'retailers'
      ? `${one ? 'Retailer' : 'Retailers'} ${named} ${one ? 'belongs' : 'belong'} to another affiliate; nothing was stored.`
      : `${one ? 'Order' : 'Orders'} ${named} ${one ? 'belongs' : 'belong'} to another retailer; nothing was stored.`;
  },
} as const;

/** Trimmed text of 1..max characters without control characters, with one message for every way it is wrong. */
const text = (field: string, max: number) => {
  const message = IntegrationMessages.text(field, max);
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    .refine((value) => !hasControlCharacters(value), { error: message });
};

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const IntegrationRetailer = z.object(
  {
    externalId: text('externalId', 64),
    affiliateCode: text('affiliateCode', 32),
    businessName: text('businessName', 200),
    faoName: text('faoName', 200),
    faoMobileNo: text('faoMobileNo', 32),
    clusterManager: text('clusterManager', 200),
    location: text('location', 200),
  },
  { error: IntegrationMessages.item },
);
export type IntegrationRetailer = z.output<typeof IntegrationRetailer>;

export const IntegrationOrder = z.object(
  {
    externalId: text('externalId', 64),
    retailerExternalId: text('retailerExternalId', 64),
    orderDate: z
      .string({ error: IntegrationMessages.orderDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: IntegrationMessages.orderDate })
      .refine((value) => isCalendarDate(value) && value >= DATE_PARAM_MIN && value <= DATE_PARAM_MAX, {
        error: IntegrationMessages.orderDate,
      }),
    productCategory: text('productCategory', 100),
    // numeric(14, 2): at most 12 digits before the point.
    orderValue: z
      .string({ error: IntegrationMessages.orderValue })
      .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: IntegrationMessages.orderValue }),
    buyerName: text('buyerName', 200),
    status: z.enum(ORDER_STATUSES, { error: IntegrationMessages.status }),
  },
  { error: IntegrationMessages.item },
);
export type IntegrationOrder = z.output<typeof IntegrationOrder>;

export const IngestRetailersRequest = z.object(
  { retailers: z.array(IntegrationRetailer, { error: IntegrationMessages.retailersList }) },
  { error: IntegrationMessages.retailersList },
);
export type IngestRetailersRequest = z.input<typeof IngestRetailersRequest>;

export const IngestOrdersRequest = z.object(
  { orders: z.array(IntegrationOrder, { error: IntegrationMessages.ordersList }) },
  { error: IntegrationMessages.ordersList },
);
export type IngestOrdersRequest = z.input<typeof IngestOrdersRequest>;

/** What a batch did: every item is exactly one of created, updated or unchanged. */
export const IngestResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type IngestResponse = z.infer<typeof IngestResponse>;

/** An integration API key's name: what `npm run api-key -- create <name>` and the admin call accept. */
export const API_KEY_NAME_RULE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const ApiKeyMessages = {
  name: 'A key name is 1-64 letters, digits, dots, dashes or underscores.',
  exists: (name: string) => `A live key named "${name}" exists; revoke it first.`,
  noLiveKey: (name: string) => `No live API key named "${name}".`,
  revoked: (name: string) => `Revoked API key "${name}".`,
} as const;

export const ApiKeyName = z.string({ error: ApiKeyMessages.name }).regex(API_KEY_NAME_RULE, {
  error: ApiKeyMessages.name,
});

export const CreateApiKeyRequest = z.object({ name: ApiKeyName });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** The new key itself, answered once: only a keyed hash of it is stored. */
export const CreateApiKeyResponse = z.object({ name: z.string(), key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

export const ApiKeySummary = z.object({
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;
export const ApiKeyListResponse = z.array(ApiKeySummary);
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;
