import {
  IngestOrdersRequest,
  IngestResponse,
  IngestRetailersRequest,
  INTEGRATION_BATCH_MAX,
  INTEGRATION_CALL_LIMIT,
} from '../api/integration';
import { ErrorResponse } from '../api/common';
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
