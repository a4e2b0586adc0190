import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import type { AnyEndpoint, EndpointAuth, EndpointDefinition, PathParams } from '@portal/contracts';
import {
  IntegrationMessages,
  OurMessages,
  SecondFactorMessages,
  TextMessages,
  findControlCharacters,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, forbidden, unauthorized } from './errors';
import type { RightsTable, SessionUser } from './session';
import { sessionForToken } from './session';
import { type ApiKeyCaller, verifyApiKey } from '../auth/api-keys';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler receives; the session is there on every route that is not public. */
export interface RouteInput<Path extends string, Auth extends EndpointAuth, Body, Query> {
  body: Infer<Body>;
  query: Infer<Query>;
  params: PathParams<Path>;
  /** On public routes only when a valid token was sent; never on API-key routes (a token is not a key). */
  session: Auth extends 'public' | 'apiKey' ? SessionUser | undefined : SessionUser;
  /** On API-key routes: whose key it was. */
  apiKey: Auth extends 'apiKey' ? ApiKeyCaller : undefined;
}

export interface RouteOptions {
  /** Middleware that runs after authentication and before validation (e.g. multer). */
  before?: RequestHandler[];
}

/** What ctx.routeDocs holds: every definition the app wired. */
export type RouteDoc = AnyEndpoint;

declare module 'express-serve-static-core' {
  interface Request {
    session?: SessionUser;
    apiKey?: ApiKeyCaller;
  }
}

/** `orders[3].orderValue`: list indexes in brackets, as a caller reading the error would write them. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (key, part) =>
      typeof part === 'number' ? `${key}[${part}]` : key ? `${key}.${String(part)}` : String(part),
    '',
  );
}

/** Field errors keyed by path, first message per field, in the schema's order. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? fieldPath(issue.path) : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Validates with a contracts schema; a failure is a 400 whose message is the first rule broken. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid request.', errors);
}

/**
 * Every text a route receives (body, query, path parameters, multipart fields and file names) is checked
 * for control characters before any schema or handler sees it: a NUL would otherwise reach PostgreSQL.
 */
function refuseControlCharacters(req: Request): void {
  const files = req.file
    ? [req.file]
    : Array.isArray(req.files)
      ? req.files
      : Object.values(req.files ?? {}).flat();
  const fileNames = Object.fromEntries(files.map((file) => [file.fieldname, file.originalname]));
  for (const input of [req.body, req.query, req.params, fileNames]) {
    const field = findControlCharacters(input);
    if (field !== undefined) {
      throw badRequest(TextMessages.controlCharacters, { [field]: TextMessages.controlCharacters });
    }
  }
}

/**
 * Wires a handler to its definition from contracts; ctx.routeDocs collects the definitions, so the OpenAPI
 * document always covers every call. Rights are checked here, on the server, for every call.
 */
export class ApiRouter {
  readonly router = Router();

  constructor(
    private readonly ctx: AppContext,
    private readonly rights: RightsTable,
  ) {}

  route<
    Path extends string,
    Auth extends EndpointAuth,
    Body extends z.ZodType | undefined,
    Query extends z.ZodType | undefined,
    Answer,
  >(
    endpoint: EndpointDefinition<Path, Auth, Body, Query, Answer>,
    handler: (
      input: RouteInput<Path, Auth, Body, Query>,
      req: Request,
      res: Response,
    ) => Promise<unknown> | unknown,
    options: RouteOptions = {},
  ): void {
    this.ctx.routeDocs.push(endpoint);
    const authenticate = this.authenticate(endpoint);
    const run = async (req: Request, res: Response) => {
      refuseControlCharacters(req);
      const body = endpoint.body ? parseOrThrow(endpoint.body, req.body ?? {}) : undefined;
      const query = endpoint.query ? parseOrThrow(endpoint.query, req.query) : undefined;
      const input = { body, query, params: req.params, session: req.session, apiKey: req.apiKey };
      const result = await handler(input as RouteInput<Path, Auth, Body, Query>, req, res);
      if (res.headersSent || result === undefined) return;
      if (endpoint.answer.status) res.status(endpoint.answer.status);
      res.json(result);
    };
    this.router[endpoint.method](endpoint.path, authenticate, ...(options.before ?? []), run);
  }

  private authenticate({
    auth,
    allowedDuringForcedPasswordUpdate,
    allowedDuringSecondFactorEnrolment,
  }: AnyEndpoint): RequestHandler {
    if (auth === 'apiKey') return this.authenticateApiKey();
    return async (req: Request, _res: Response, next: NextFunction) => {
      const header = req.headers.authorization;
      const token = header && /^bearer /i.test(header) ? header.slice(7).trim() : undefined;
      const session = token ? await sessionForToken(this.ctx, this.rights, token) : undefined;
      // No token, or a stale one: a public call (login, register) goes on without a session.
      if (!session) return next(auth === 'public' ? undefined : unauthorized());
      req.session = session;
      if (auth === 'public') return next();
      // Public calls stay open (they need no session at all); every other one waits for the new password.
      if (session.forcePasswordUpdate && !allowedDuringForcedPasswordUpdate) {
        return next(forbidden(OurMessages.passwordChangeRequired));
      }
      // Then an Admin without a second factor (while it is required) sets one up before anything else.
      if (session.secondFactorEnrolment && !allowedDuringSecondFactorEnrolment) {
        return next(forbidden(SecondFactorMessages.enrolmentRequired));
      }
      if (auth !== 'session' && !auth.anyRight.some((right) => session.rights.includes(right))) {
        return next(forbidden());
      }
      next();
    };
  }

  /** Another system's call: only the X-API-Key header counts; an Authorization header is ignored. */
  private authenticateApiKey(): RequestHandler {
    return async (req: Request, _res: Response, next: NextFunction) => {
      const header = req.headers['x-api-key'];
      const caller = await verifyApiKey(this.ctx, typeof header === 'string' ? header.trim() : undefined);
      if (!caller) return next(unauthorized(IntegrationMessages.unauthorized));
      req.apiKey = caller;
      next();
    };
  }
}
