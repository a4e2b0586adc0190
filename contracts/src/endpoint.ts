// One definition per call: method, path, who may call it, its schemas and its answer. The gateway wires a
// handler to it, the OpenAPI document is generated from it and the web client calls it, so a path is spelled
// once. zod is imported for types only: this file is on the zod-free sign-in path too.
import type { z } from 'zod';
import type { Right } from './rights';

export type HttpMethod = 'get' | 'post';

/**
 * Who may call: anyone, any signed-in user, a user holding at least one of the rights, or another system
 * presenting an integration API key in the X-API-Key header (no user, no session: a bearer token is not a key).
 */
export type EndpointAuth = 'public' | 'session' | 'apiKey' | { readonly anyRight: readonly Right[] };

/** Anything with a zod-like `parse`: a zod schema, or a zod-free twin on the pre-sign-in path. */
export interface AnswerCheck<T> {
  parse(value: unknown): T;
}

export interface EndpointAnswer<T> {
  /** 200 unless said otherwise (201 for creations). */
  status?: number;
  description: string;
  /** The JSON answer, checked by the client before it is used; documented when it is a zod schema. */
  schema?: AnswerCheck<T>;
  /** Answers that are not JSON (files, images). */
  contentType?: string;
}

export interface OtherAnswer {
  description: string;
  schema?: z.ZodType;
}

export interface EndpointDefinition<
  Path extends string = string,
  Auth extends EndpointAuth = EndpointAuth,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Answer = unknown,
> {
  method: HttpMethod;
  /** Below /api, spec §7 spelling, Express style parameters: `/backoffice/affiliate-details/:id`. */
  path: Path;
  tag: string;
  summary: string;
  auth: Auth;
  body?: Body;
  query?: Query;
  /** Multipart calls describe their form fields here; the gateway parses the form itself. */
  multipart?: Readonly<Record<string, 'file' | 'string'>>;
  answer: EndpointAnswer<Answer>;
  /** Answers other than success; 400, 401 and 403 are documented from the schemas and `auth` when absent. */
  otherAnswers?: Readonly<Record<number, OtherAnswer>>;
  /** Callable by a session that signed in with a temporary password and must change it first. */
  allowedDuringForcedPasswordUpdate?: boolean;
  /** Callable by an Admin's session that must set up its second factor first (issue 29). */
  allowedDuringSecondFactorEnrolment?: boolean;
}

/** Any definition, whatever its schemas: what lists of endpoints hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = EndpointDefinition<string, EndpointAuth, any, any, any>;

/** Keeps the literal path and auth, so handlers know their parameters and whether a session is present. */
export function defineEndpoint<
  const Path extends string,
  const Auth extends EndpointAuth,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Answer = unknown,
>(
  definition: EndpointDefinition<Path, Auth, Body, Query, Answer>,
): EndpointDefinition<Path, Auth, Body, Query, Answer> {
  return definition;
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** `{ id: string }` for `/admin/user/:id`; `{}` for a path without parameters. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string };

export type AnswerOf<E> =
  E extends EndpointDefinition<string, EndpointAuth, infer _B, infer _Q, infer Answer> ? Answer : never;

/** The path with its parameters filled in (URI-encoded), without the leading slash. */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/^\//, '').replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller sends as the JSON body; calls without a body schema (multipart, sign-in's twins) take any. */
export type BodyInput<E> =
  E extends EndpointDefinition<string, EndpointAuth, infer Body, infer _Q, infer _A>
    ? Body extends z.ZodType
      ? SchemaInput<Body>
      : unknown
    : never;

/** Query parameters as a caller sends them: the schema's names, values as they appear in a URL. */
export type QueryInput<E> =
  E extends EndpointDefinition<string, EndpointAuth, infer _B, infer Query, infer _A>
    ? Query extends z.ZodType
      ? { [Name in keyof SchemaInput<Query>]?: string | number | boolean }
      : never
    : never;

export type PathOf<E> =
  E extends EndpointDefinition<infer Path, EndpointAuth, infer _B, infer _Q, infer _A> ? Path : never;
