import { HealthResponse, ReadinessResponse } from '../api/health';
import { RegisterOptionsResponse, RolesResponse } from '../api/master';
import { defineEndpoint } from '../endpoint';
import { RegistrationStartEndpoints } from './registration-start';

export const MasterEndpoints = {
  registerOptions: defineEndpoint({
    ...RegistrationStartEndpoints.registerOptions,
    answer: { ...RegistrationStartEndpoints.registerOptions.answer, schema: RegisterOptionsResponse },
  }),
  roles: defineEndpoint({
    method: 'get',
    path: '/master/roles',
    tag: 'Master data',
    summary: 'Roles, with whether the user forms ask for a country.',
    auth: 'session',
    answer: { description: 'Roles by id.', schema: RolesResponse },
  }),
};

export const HealthEndpoints = {
  health: defineEndpoint({
    method: 'get',
    path: '/health',
    tag: 'Health',
    summary:
      'Whether the gateway and its database answer. With an admin or back-office session, also the database ' +
      'driver and version and the gateway version.',
    auth: 'public',
    answer: { description: 'Healthy.', schema: HealthResponse },
    otherAnswers: { 503: { description: 'The database does not answer.', schema: HealthResponse } },
  }),
  ready: defineEndpoint({
    method: 'get',
    path: '/ready',
    tag: 'Health',
    summary:
      'Readiness for a load balancer: whether this gateway takes new work (not draining for a stop, its ' +
      'database answering). /health stays the liveness check.',
    auth: 'public',
    answer: { description: 'Ready.', schema: ReadinessResponse },
    otherAnswers: {
      503: { description: 'Draining, or the database does not answer.', schema: ReadinessResponse },
    },
  }),
};

/** The API's own documentation, so the OpenAPI document lists every call there is. */
export const DocsEndpoints = {
  openApi: defineEndpoint({
    method: 'get',
    path: '/openapi.json',
    tag: 'Docs',
    summary: 'This OpenAPI 3.1 document.',
    auth: 'public',
    answer: { description: 'The OpenAPI document.', contentType: 'application/json' },
  }),
  swaggerUi: defineEndpoint({
    method: 'get',
    path: '/docs',
    tag: 'Docs',
    summary: 'Swagger UI over this document.',
    auth: 'public',
    answer: { description: 'An HTML page.', contentType: 'text/html' },
  }),
};
