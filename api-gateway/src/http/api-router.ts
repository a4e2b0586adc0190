import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import type { Right } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, forbidden, unauthorized } from './errors';
import type { RightsTable, SessionUser } from './session';
import { sessionForToken } from '../auth/session-cache';
import { PreparedJson } from './prepared-json';

/** Who may call a route: anyone, any signed-in user, or a user holding at least one of the rights. */
export type RouteAuth = 'public' | 'session' | { anyRight: readonly Right[] };

export interface RouteResponseDoc {
  description: string;
  schema?: z.ZodType;
  /** For answers that are not JSON (files, images). */
  contentType?: string;
}

export interface RouteSpec<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path below /api, e.g. `/admin/user/:id`. */
  path: string;
  tag: string;
  summary: string;
  auth: RouteAuth;
  body?: Body;
  query?: Query;
  /** Multipart routes describe their form here for the docs; parsing is the handler's middleware's. */
  multipart?: Record<string, 'file' | 'string'>;
  responses: Record<number, RouteResponseDoc>;
  /** Middleware that runs after authentication and before validation (e.g. multer). */
  before?: RequestHandler[];
}

export interface RouteDoc {
  method: string;
  path: string;
  tag: string;
  summary: string;
  auth: RouteAuth;
  body?: z.ZodType;
  query?: z.ZodType;
  multipart?: Record<string, 'file' | 'string'>;
  responses: Record<number, RouteResponseDoc>;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<Body, Query> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  /** Present on every route whose auth is not 'public' (and on public routes when a valid token was sent). */
  session: SessionUser | undefined;
}

declare module 'express-serve-static-core' {
  interface Request {
    session?: SessionUser;
  }
}

/** Field errors keyed by path, first message per field, in the schema's order. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
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
 * Wires a route and documents it in one step, so the OpenAPI document always covers every call.
 * Rights are checked here, on the server, for every call.
 */
export class ApiRouter {
  readonly router = Router();

  constructor(
    private readonly ctx: AppContext,
    private readonly rights: RightsTable,
  ) {}

  route<Body extends z.ZodType | undefined = undefined, Query extends z.ZodType | undefined = undefined>(
    spec: RouteSpec<Body, Query>,
    handler: (input: RouteInput<Infer<Body>, Infer<Query>>, req: Request, res: Response) => Promise<unknown> | unknown,
  ): void {
    this.ctx.routeDocs.push({
      method: spec.method,
      path: spec.path,
      tag: spec.tag,
      summary: spec.summary,
      auth: spec.auth,
      body: spec.body,
      query: spec.query,
      multipart: spec.multipart,
      responses: spec.responses,
    });
    const authenticate = this.authenticate(spec.auth);
    const run = async (req: Request, res: Response) => {
      const body = spec.body ? parseOrThrow(spec.body, req.body ?? {}) : undefined;
      const query = spec.query ? parseOrThrow(spec.query, req.query) : undefined;
      const result = await handler(
        { body, query, params: req.params as Record<string, string>, session: req.session } as RouteInput<
          Infer<Body>,
          Infer<Query>
        >,
        req,
        res,
      );
      if (res.headersSent || result === undefined) return;
      if (result instanceof PreparedJson) result.send(req, res);
      else res.json(result);
    };
    this.router[spec.method](spec.path, authenticate, ...(spec.before ?? []), run);
  }

  private authenticate(auth: RouteAuth): RequestHandler {
    return async (req: Request, _res: Response, next: NextFunction) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) {
        if (auth === 'public') return next();
        return next(unauthorized());
      }
      const session = await sessionForToken(this.ctx, this.rights, token);
      if (!session) {
        // A stale token on a public call (login, register) must not stop it.
        if (auth === 'public') return next();
        return next(unauthorized());
      }
      req.session = session;
      if (auth !== 'public' && auth !== 'session' && !auth.anyRight.some((right) => session.rights.includes(right))) {
        return next(forbidden());
      }
      next();
    };
  }
}
