import {
  ApiKeyListResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  IngestOrdersRequest,
  IngestResponse,
  IngestRetailersRequest,
  INTEGRATION_BATCH_MAX,
  INTEGRATION_CALL_LIMIT,
} from '../api/integration';
import { ErrorResponse, MessageResponse } from '../api/common';
import type { Right } from '../rights';
import { defineEndpoint } from '../endpoint';

const batchAnswers = (what: string) => ({
  400: {
    description:
      `Some ${what} are invalid: the whole batch is refused and nothing is stored. \`errors\` names each ` +
      `problem by item index and field, e.g. \`${what}[3].externalId\`.`,
    schema: ErrorResponse,
  },
  409: {
    description:
      `Some ${what} are already stored under another owner (a retailer with another affiliate, an order with ` +
      'another retailer), perhaps by a call made at the same moment: the whole batch is refused and nothing ' +
      `is stored. \`message\` names them by externalId and \`errors\` by item index and field.`,
    schema: ErrorResponse,
  },
  413: {
    description: `More than ${INTEGRATION_BATCH_MAX} ${what} in one call, or a body over the size limit.`,
    schema: ErrorResponse,
  },
  429: {
    description: `More than ${INTEGRATION_CALL_LIMIT.calls} calls a minute with one API key (see Retry-After).`,
    schema: ErrorResponse,
  },
});

/** The retail platform's side (DESIGN §5): bulk, idempotent by externalId, authenticated by an API key. */
export const IntegrationEndpoints = {
  retailers: defineEndpoint({
    method: 'post',
    path: '/integration/retailers',
    tag: 'Integration',
    summary:
      `Creates or updates up to ${INTEGRATION_BATCH_MAX} retailers by externalId, each in the network of the ` +
      'affiliate with affiliateCode. The same retailer again changes nothing.',
    auth: 'apiKey',
    body: IngestRetailersRequest,
    answer: {
      description: 'How many retailers were created, updated and unchanged.',
      schema: IngestResponse,
    },
    otherAnswers: batchAnswers('retailers'),
  }),
  orders: defineEndpoint({
    method: 'post',
    path: '/integration/orders',
    tag: 'Integration',
    summary:
      `Creates or updates up to ${INTEGRATION_BATCH_MAX} orders by externalId (a changed status, value, date, ` +
      'category or buyer updates the order) and recomputes their commission in the same transaction.',
    auth: 'apiKey',
    body: IngestOrdersRequest,
    answer: { description: 'How many orders were created, updated and unchanged.', schema: IngestResponse },
    otherAnswers: batchAnswers('orders'),
  }),
};

/**
 * The integration API keys, managed by an admin (an API key is an account of another system, like the users an
 * admin manages): `npm run api-key` calls these while the portal runs on its embedded database.
 */
export const API_KEY_ADMIN_RIGHTS: readonly Right[] = ['manage_users'];

export const ApiKeyAdminEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/admin/api-keys',
    tag: 'Integration',
    summary:
      'Every integration API key, oldest first: name, first characters, created, revoked (null while live).',
    auth: { anyRight: API_KEY_ADMIN_RIGHTS },
    answer: { description: 'The keys', schema: ApiKeyListResponse },
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/admin/api-keys',
    tag: 'Integration',
    summary:
      'Creates a key { name } for /api/integration/*; answers the key once (only a keyed hash of it is stored).',
    auth: { anyRight: API_KEY_ADMIN_RIGHTS },
    body: CreateApiKeyRequest,
    answer: { status: 201, description: 'Created; the key is shown only now', schema: CreateApiKeyResponse },
    otherAnswers: { 409: { description: 'A live key has this name', schema: ErrorResponse } },
  }),
  revoke: defineEndpoint({
    method: 'post',
    path: '/admin/api-keys/revoke/:name',
    tag: 'Integration',
    summary: 'Revokes the live key with this name; refused from the next call on.',
    auth: { anyRight: API_KEY_ADMIN_RIGHTS },
    answer: { description: 'Revoked', schema: MessageResponse },
    otherAnswers: { 404: { description: 'No live key has this name', schema: ErrorResponse } },
  }),
};
