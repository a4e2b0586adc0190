import { ErrorResponse } from '@portal/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../http/api-router';

type JsonSchema = Record<string, unknown>;

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
  };
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

/**
 * The OpenAPI 3.1 document of every call, from what each route registered (ApiRouter.route): the zod
 * schemas of contracts become JSON Schema 2020-12, which OpenAPI 3.1 uses as is.
 */
export function buildOpenApiDocument(routes: readonly RouteDoc[], version: string): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ErrorResponse: toJsonSchema(ErrorResponse, 'output') };

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    tags.add(route.tag);
    for (const { path, params } of openApiPaths(route.path)) {
      const operation = buildOperation(route, path, params);
      paths[path] = { ...paths[path], [route.method]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Affiliate portal API',
      version,
      description:
        'Every call of the affiliate management portal. Errors answer `{ message }` (plus `errors` per field on ' +
        'validation failures). Signed-in calls carry `Authorization: Bearer <token>` from POST /login/auth.',
    },
    servers: [{ url: '/api' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas,
    },
  };
}

function buildOperation(route: RouteDoc, path: string, pathParams: string[]): Operation {
  const parameters: JsonSchema[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.query) parameters.push(...queryParameters(toJsonSchema(route.query, 'input')));

  const operation: Operation = {
    operationId: operationId(route.method, path),
    tags: [route.tag],
    summary: route.summary,
    security:
      route.auth === 'public' ? [] : route.auth === 'apiKey' ? [{ apiKeyAuth: [] }] : [{ bearerAuth: [] }],
    responses: {},
  };
  if (route.auth === 'session') operation.description = 'Any signed-in user.';
  else if (route.auth === 'apiKey')
    operation.description = 'Another system, with an integration API key in X-API-Key (not a user token).';
  else if (route.auth !== 'public')
    operation.description = `Needs one of the rights: ${route.auth.anyRight.join(', ')}.`;
  if (parameters.length) operation.parameters = parameters;
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
    };
  } else if (route.multipart) {
    const properties = Object.fromEntries(
      Object.entries(route.multipart).map(([name, kind]) => [
        name,
        kind === 'file'
          ? { type: 'string', contentMediaType: 'application/octet-stream' }
          : { type: 'string' },
      ]),
    );
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': { schema: { type: 'object', properties, required: Object.keys(properties) } },
      },
    };
  }

  operation.responses[String(route.answer.status ?? 200)] = responseObject(route.answer);
  for (const [status, response] of Object.entries(route.otherAnswers ?? {})) {
    operation.responses[status] = responseObject(response);
  }
  const forbiddenReasons = [
    typeof route.auth === 'object' && 'The caller does not hold the right this call needs.',
    route.auth !== 'public' &&
      route.auth !== 'apiKey' &&
      !route.allowedDuringForcedPasswordUpdate &&
      'The caller signed in with a temporary password and must change it first.',
  ].filter((reason) => typeof reason === 'string');
  const standard: [string, boolean, string][] = [
    [
      '400',
      Boolean(route.body || route.query || route.multipart || pathParams.length),
      'Invalid input: the first rule broken, and `errors` per field.',
    ],
    [
      '401',
      route.auth !== 'public',
      route.auth === 'apiKey'
        ? 'No X-API-Key header, or a key that is unknown or revoked.'
        : 'No token, or an expired, tampered or revoked one.',
    ],
    ['403', forbiddenReasons.length > 0, forbiddenReasons.join(' ')],
  ];
  for (const [status, applies, description] of standard) {
    if (applies && !operation.responses[status]) {
      operation.responses[status] = { description, content: { 'application/json': { schema: ERROR_REF } } };
    }
  }
  return operation;
}

interface ResponseDoc {
  description: string;
  /** A zod schema is documented; a zod-free answer check (the sign-in path's twins) is not. */
  schema?: unknown;
  contentType?: string;
}

function responseObject(response: ResponseDoc) {
  if (response.contentType) {
    return {
      description: response.description,
      content: {
        [response.contentType]: { schema: { type: 'string', contentMediaType: response.contentType } },
      },
    };
  }
  if (!(response.schema instanceof z.ZodType)) return { description: response.description };
  const schema = response.schema === ErrorResponse ? ERROR_REF : toJsonSchema(response.schema, 'output');
  return { description: response.description, content: { 'application/json': { schema } } };
}

function queryParameters(schema: JsonSchema): JsonSchema[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

/**
 * Express 5 paths to OpenAPI ones: `:id` and `*rest` become `{id}`; an optional group `{/:page}` gives one
 * path without it and one with it.
 */
export function openApiPaths(expressPath: string): { path: string; params: string[] }[] {
  const optional = /\{([^{}]*)\}/.exec(expressPath);
  if (optional) {
    const before = expressPath.slice(0, optional.index);
    const after = expressPath.slice(optional.index + optional[0].length);
    return [...openApiPaths(before + after), ...openApiPaths(before + optional[1] + after)];
  }
  const params: string[] = [];
  const path = expressPath.replace(/[:*]([A-Za-z_$][\w$]*)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return [{ path, params }];
}

function operationId(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/**
 * One zod schema as JSON Schema. No contract schema has an id or a cycle, so none has `$defs` to move into
 * components (the test that every reference resolves would catch one).
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _schema, ...converted } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    return converted;
  } catch {
    // A schema JSON Schema cannot express (e.g. a custom check): documented as "anything" rather than failing the docs.
    return {};
  }
}
