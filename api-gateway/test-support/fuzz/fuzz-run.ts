import fc from 'fast-check';
import request from 'supertest';
import type { AffiliateStatus, AnyEndpoint, Right } from '@portal/contracts';
import { z } from 'zod';
import { loadRightsTable } from '../../src/http/session';
import type { TestApp } from '../test-app';
import { arbitraryFor } from './zod-arbitrary';
import {
  hostileFile,
  hostilePathValue,
  hostileQueryValue,
  hostileRawBodies,
  hostileValue,
  sheetBytes,
  sheetCase,
  type HostileFile,
  type SheetCase,
} from './hostile-values';
import { createFuzzUser, fuzzBearer } from './fuzz-users';
import { installWriteLog, type WriteLog } from './write-log';

/** One request the fuzzer sends. */
export interface FuzzCase {
  /** Below /api, parameters filled in and encoded; may carry a raw query string. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sent as application/json text as it is: what no JavaScript value serialises to. */
  rawBody?: string;
  files?: Array<{ field: string; file: HostileFile }>;
  fields?: Record<string, string>;
  /** A workbook built from these rows, sent in the endpoint's first file field. */
  sheet?: SheetCase;
  /** How the input was made: schema (shaped like the schema), mutated (one field hostile), hostile. */
  kind: 'schema' | 'mutated' | 'hostile';
}

export interface EndpointFigures {
  sent: number;
  accepted: number;
  refused: number;
  /** Refused as signed out (401) although the caller holds the right: validation was not reached. */
  unauthorized: number;
  serverErrors: number;
  nonJson4xx: number;
  refusedWrites: number;
  /** How many answers of each status: how far the inputs got (400 validation, 404 lookup, 200 the handler). */
  statuses: Record<number, number>;
  /** A few distinct messages refusing inputs shaped like the schema: what keeps them from the handler. */
  schemaRefusals: string[];
  milliseconds: number;
}

export interface FuzzFailure {
  call: string;
  status: number;
  reason: string;
  input: string;
}

export interface FuzzReport {
  sent: number;
  endpoints: Map<string, EndpointFigures>;
  failures: FuzzFailure[];
  serverErrors: number;
  nonJson4xx: number;
  refusedWrites: number;
}

/**
 * Tables a refused call writes by design, each for a reason: a failed sign-in counts toward the lockout,
 * limits count refused attempts, and the sessions table is written by the fuzzer itself between calls.
 */
export const WRITES_ALLOWED_ON_REFUSAL: Readonly<Record<string, string>> = {
  login_history: 'a failed sign-in is recorded: the lockout counts it and the login report shows it',
  call_buckets: "an integration call counts toward its API key's limit before its body is read",
};

/** Written by the fuzzer itself between calls (a fresh session when one ended): left out of the checksums. */
const HARNESS_TABLES = ['sessions'];

const STACK_TRACE = /\n\s+at .+:\d+:\d+/;
const API_KEY = 'fuzz-integration-key-0123456789abcdef';

export const FUZZ_APP_ENV = { INTEGRATION_API_KEY: API_KEY };

const hasInput = (endpoint: AnyEndpoint) =>
  Boolean(endpoint.body || endpoint.query || endpoint.multipart || /:\w+/.test(endpoint.path));

export const callName = (endpoint: AnyEndpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

function toQueryText(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item) => toQueryText(item));
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function queryOf(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .map(([key, field]) => [key, toQueryText(field)])
      .filter(([, field]) => field !== undefined),
  );
}

function withOneField(value: unknown, field: string, replacement: unknown): Record<string, unknown> {
  const base = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  return { ...(base as Record<string, unknown>), [field]: replacement };
}

/** The arbitrary of requests for one endpoint: mostly shaped by its schemas, the rest hostile. */
export function casesFor(
  endpoint: AnyEndpoint,
  affiliateCodes: readonly string[] = [],
): fc.Arbitrary<FuzzCase> {
  const params = endpoint.path.match(/:(\w+)/g) ?? [];
  const pathArb = fc.tuple(...params.map(() => hostilePathValue)).map((values) => {
    let index = 0;
    return endpoint.path.replace(/:(\w+)/g, () => encodeURIComponent(values[index++] ?? '1'));
  });
  const bodyFields = fieldsOf(endpoint.body);
  const queryFields = fieldsOf(endpoint.query);

  type BodyPart = Pick<FuzzCase, 'body' | 'rawBody' | 'kind'>;
  const bodyArb: fc.Arbitrary<BodyPart> = endpoint.body
    ? (() => {
        const shaped = arbitraryFor(endpoint.body);
        const options: Array<{ arbitrary: fc.Arbitrary<BodyPart>; weight: number }> = [
          { arbitrary: shaped.map((body) => ({ body, kind: 'schema' as const })), weight: 4 },
          { arbitrary: hostileValue.map((body) => ({ body, kind: 'hostile' as const })), weight: 1 },
          {
            arbitrary: fc
              .constantFrom(...hostileRawBodies(bodyFields))
              .map((rawBody) => ({ rawBody, kind: 'hostile' as const })),
            weight: 1,
          },
        ];
        if (bodyFields.length) {
          options.push({
            arbitrary: fc
              .tuple(shaped, fc.constantFrom(...bodyFields), hostileValue)
              .map(([body, field, value]) => ({
                body: withOneField(body, field, value),
                kind: 'mutated' as const,
              })),
            weight: 4,
          });
        }
        return fc.oneof(...options);
      })()
    : fc.constant({ kind: 'schema' as const });

  type QueryPart = Pick<FuzzCase, 'query' | 'kind'> & { rawQuery?: string };
  const queryArb: fc.Arbitrary<QueryPart> = endpoint.query
    ? (() => {
        const shaped = arbitraryFor(endpoint.query).map(queryOf);
        const first = queryFields[0] ?? 'a';
        const options: Array<{ arbitrary: fc.Arbitrary<QueryPart>; weight: number }> = [
          { arbitrary: shaped.map((query) => ({ query, kind: 'schema' as const })), weight: 4 },
          {
            arbitrary: fc
              .constantFrom(
                '__proto__=x&constructor=y',
                '__proto__[isAdmin]=1',
                `${first}[]=1&${first}[]=2`,
                `${first}=%E0%A4%A`,
                `${first}=%00`,
              )
              .map((rawQuery) => ({ rawQuery, kind: 'hostile' as const })),
            weight: 1,
          },
        ];
        if (queryFields.length) {
          options.push({
            arbitrary: fc
              .tuple(shaped, fc.constantFrom(...queryFields), hostileQueryValue)
              .map(([query, field, value]) => ({
                query: { ...query, [field]: value },
                kind: 'mutated' as const,
              })),
            weight: 4,
          });
        }
        return fc.oneof(...options);
      })()
    : fc.constant({ kind: 'schema' as const });

  const fileFields = Object.entries(endpoint.multipart ?? {});
  const filesArb: fc.Arbitrary<Pick<FuzzCase, 'files' | 'fields' | 'sheet'>> = fileFields.length
    ? fc.record({
        sheet: fc.option(sheetCase(affiliateCodes), { nil: undefined, freq: 2 }),
        files: fc.oneof(
          { arbitrary: fc.constant([]), weight: 1 },
          {
            arbitrary: fc
              .tuple(fc.constantFrom(...fileFields.map(([name]) => name), 'other', '__proto__'), hostileFile)
              .map(([field, file]) => [{ field, file }]),
            weight: 6,
          },
          {
            arbitrary: fc
              .tuple(hostileFile, hostileFile)
              .map(([a, b]) => [a, b].map((file) => ({ field: fileFields[0][0], file }))),
            weight: 1,
          },
        ),
        fields: fc.dictionary(
          fc.constantFrom('note', '__proto__', 'constructor', 'data'),
          fc.string({ maxLength: 20 }),
          {
            maxKeys: 2,
          },
        ),
      })
    : fc.constant({});

  return fc.tuple(pathArb, bodyArb, queryArb, filesArb).map(([path, body, query, files]) => {
    const kinds = [body.kind, query.kind];
    const kind = kinds.includes('mutated')
      ? 'mutated'
      : kinds.every((k) => k === 'schema')
        ? 'schema'
        : 'hostile';
    const rawQuery = 'rawQuery' in query ? query.rawQuery : undefined;
    return {
      path: rawQuery ? `${path}?${rawQuery}` : path,
      ...(query.query ? { query: query.query } : {}),
      ...('body' in body ? { body: body.body } : {}),
      ...(body.rawBody !== undefined ? { rawBody: body.rawBody } : {}),
      ...files,
      kind: endpoint.body || endpoint.query || fileFields.length ? kind : 'hostile',
    };
  });
}

interface Identity {
  userId: number;
  rights: readonly Right[];
  affiliateStatus?: AffiliateStatus;
  token?: string;
}

/** The app the fuzzer calls: users holding every right, the integration key, and the write log. */
export interface FuzzTarget {
  t: TestApp;
  identities: Identity[];
  writes: WriteLog;
  /** Affiliate codes in the database, for the rows of generated workbooks. */
  affiliateCodes: string[];
}

export async function prepareTarget(t: TestApp): Promise<FuzzTarget> {
  const db = t.ctx.db;
  const rights = await loadRightsTable(db);
  const admin = await createFuzzUser(t.ctx, 1);
  const backoffice = await createFuzzUser(t.ctx, 2);
  const complete = await createFuzzUser(t.ctx, 3, 'KYC Complete');
  const rejected = await createFuzzUser(t.ctx, 3, 'KYC Rejected');
  const identities: Identity[] = [
    { userId: admin, rights: rights.for(1, null) },
    { userId: backoffice, rights: rights.for(2, null) },
    { userId: complete, rights: rights.for(3, 'KYC Complete'), affiliateStatus: 'KYC Complete' },
    { userId: rejected, rights: rights.for(3, 'KYC Rejected'), affiliateStatus: 'KYC Rejected' },
  ];
  const codes = await db.query<{ affiliate_code: string }>('SELECT affiliate_code FROM affiliates');
  const affiliateCodes = codes.rows.map((row) => row.affiliate_code);
  return { t, identities, affiliateCodes, writes: await installWriteLog(db) };
}

/** The first identity holding a right the endpoint asks for; undefined for public and API-key calls. */
function identityFor(target: FuzzTarget, endpoint: AnyEndpoint): Identity | undefined {
  const { auth } = endpoint;
  if (auth === 'public' || auth === 'apiKey') return undefined;
  if (auth === 'session') return target.identities[0];
  return target.identities.find((identity) => auth.anyRight.some((right) => identity.rights.includes(right)));
}

/** An accepted call may have deactivated, rejected or forced a new password on a fuzzer's own user: undo it. */
async function restoreIdentities(target: FuzzTarget): Promise<void> {
  const db = target.t.ctx.db;
  const ids = target.identities.map((identity) => identity.userId);
  await db.query(
    `UPDATE users SET is_active = true, force_password_update = false
      WHERE user_id = ANY($1::bigint[]) AND (NOT is_active OR force_password_update)`,
    [ids],
  );
  for (const identity of target.identities) {
    if (!identity.affiliateStatus) continue;
    await db.query('UPDATE affiliates SET status = $2 WHERE user_id = $1 AND status <> $2', [
      identity.userId,
      identity.affiliateStatus,
    ]);
  }
  for (const identity of target.identities) identity.token = undefined;
}

export function describeCase(input: FuzzCase): string {
  const text = JSON.stringify(input, (_key, value: unknown) => {
    if (typeof value === 'string' && value.length > 60)
      return `${value.slice(0, 40)}…(${value.length} chars)`;
    if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
    if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer')
      return `<bytes>`;
    return value;
  });
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

/** Sends one case as a caller holding the endpoint's right. */
export async function send(target: FuzzTarget, endpoint: AnyEndpoint, input: FuzzCase) {
  const { t } = target;
  const identity = identityFor(target, endpoint);
  if (identity && !identity.token) identity.token = await fuzzBearer(t.ctx, identity.userId);
  // The session just issued is the fuzzer's write, not the call's.
  await target.writes.clear();
  const url = `/api${input.path}`;
  let call = endpoint.method === 'get' ? request(t.app).get(url) : request(t.app).post(url);
  if (input.query) call = call.query(input.query as Record<string, string>);
  if (endpoint.auth === 'apiKey') call = call.set('X-API-Key', API_KEY);
  else if (identity?.token) call = call.set('Authorization', identity.token);
  if (input.files || input.fields || input.sheet) {
    for (const [name, value] of Object.entries(input.fields ?? {})) call = call.field(name, value);
    if (input.sheet) {
      const [field] = Object.keys(endpoint.multipart ?? { file: 'file' });
      const name = input.sheet.bookType === 'xlsx' ? 'rates.xlsx' : 'rates.xls';
      return call.attach(field, sheetBytes(input.sheet), { filename: name });
    }
    for (const { field, file } of input.files ?? []) {
      call = call.attach(field, file.content, { filename: file.name, contentType: file.contentType });
    }
    return call;
  }
  if (input.rawBody !== undefined) return call.set('Content-Type', 'application/json').send(input.rawBody);
  if (endpoint.method === 'get') return call;
  // Any JSON value, not only objects: a body of `true` or `"text"` must be refused like any other.
  return call.set('Content-Type', 'application/json').send(JSON.stringify(input.body ?? {}) ?? '{}');
}

/** Checks one answer against the targets; returns the reasons it misses them. */
export function judge(res: request.Response): string[] {
  const reasons: string[] = [];
  if (res.status >= 500) reasons.push('server error');
  if (res.status >= 400) {
    const message = (res.body as { message?: unknown } | undefined)?.message;
    if (!res.type.includes('json')) reasons.push(`not JSON (${res.type})`);
    if (typeof message !== 'string' || !message.trim()) reasons.push('no message');
    if (/<html|<!doctype/i.test(res.text ?? '')) reasons.push('HTML in the body');
    if (STACK_TRACE.test(res.text ?? '')) reasons.push('stack trace in the body');
  }
  return reasons;
}

export interface FuzzOptions {
  /** Inputs per endpoint. */
  runsPerEndpoint: number;
  seed: number;
  /** Only endpoints whose "METHOD /path" matches. */
  only?: RegExp;
  /** Compare checksums of every table before and after each endpoint's calls when no accepted call wrote. */
  checksums?: boolean;
  onEndpoint?: (name: string, figures: EndpointFigures) => void;
}

export function fuzzedEndpoints(target: FuzzTarget, only?: RegExp): AnyEndpoint[] {
  return target.t.ctx.routeDocs.filter(
    (endpoint) => hasInput(endpoint) && (!only || only.test(callName(endpoint))),
  );
}

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = {
    sent: 0,
    endpoints: new Map(),
    failures: [],
    serverErrors: 0,
    nonJson4xx: 0,
    refusedWrites: 0,
  };
  const endpoints = fuzzedEndpoints(target, options.only);
  for (const [index, endpoint] of endpoints.entries()) {
    const name = callName(endpoint);
    const figures: EndpointFigures = {
      sent: 0,
      accepted: 0,
      refused: 0,
      unauthorized: 0,
      serverErrors: 0,
      nonJson4xx: 0,
      refusedWrites: 0,
      statuses: {},
      schemaRefusals: [],
      milliseconds: 0,
    };
    const started = Date.now();
    report.endpoints.set(name, figures);
    // A seed per endpoint, so adding a call does not change the inputs of the others.
    const cases = fc.sample(casesFor(endpoint, target.affiliateCodes), {
      numRuns: options.runsPerEndpoint,
      seed: options.seed + hash(name),
    });
    const before = options.checksums ? await target.writes.checksums() : undefined;
    let acceptedWrote = false;
    for (const input of cases) {
      const res = await send(target, endpoint, input);
      const written = await target.writes.take();
      figures.sent += 1;
      figures.statuses[res.status] = (figures.statuses[res.status] ?? 0) + 1;
      report.sent += 1;
      const reasons = judge(res);
      if (res.status < 400) {
        figures.accepted += 1;
        if (written.length) {
          acceptedWrote = true;
          await restoreIdentities(target);
          await target.writes.clear();
        }
      } else {
        figures.refused += 1;
        const message = String((res.body as { message?: unknown })?.message);
        if (
          input.kind === 'schema' &&
          figures.schemaRefusals.length < 4 &&
          !figures.schemaRefusals.includes(message)
        )
          figures.schemaRefusals.push(message);
        if (res.status === 401 && endpoint.auth !== 'public') {
          figures.unauthorized += 1;
          for (const identity of target.identities) identity.token = undefined;
        }
        const unexpected = written.filter((table) => !(table in WRITES_ALLOWED_ON_REFUSAL));
        if (unexpected.length) {
          reasons.push(`refused call wrote ${[...new Set(unexpected)].join(', ')}`);
          figures.refusedWrites += 1;
          report.refusedWrites += 1;
        }
      }
      if (endpoint.path === '/login/logout' || endpoint.path === '/users/passwordUpdate') {
        for (const identity of target.identities) identity.token = undefined;
      }
      if (res.status >= 500) {
        figures.serverErrors += 1;
        report.serverErrors += 1;
      } else if (
        res.status >= 400 &&
        reasons.some((reason) => reason !== 'server error' && !reason.startsWith('refused'))
      ) {
        figures.nonJson4xx += 1;
        report.nonJson4xx += 1;
      }
      if (reasons.length) {
        report.failures.push({
          call: name,
          status: res.status,
          reason: reasons.join('; '),
          input: describeCase(input),
        });
      }
    }
    if (before && !acceptedWrote) {
      const after = await target.writes.checksums();
      const changed = [...before.keys()].filter(
        (table) =>
          before.get(table) !== after.get(table) &&
          !HARNESS_TABLES.includes(table) &&
          !(table in WRITES_ALLOWED_ON_REFUSAL),
      );
      if (changed.length) {
        report.failures.push({
          call: name,
          status: 0,
          reason: `tables changed by refused calls: ${changed.join(', ')}`,
          input: '(the whole batch)',
        });
      }
    }
    figures.milliseconds = Date.now() - started;
    options.onEndpoint?.(`${index + 1}/${endpoints.length} ${name}`, figures);
  }
  return report;
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(value);
}

/** The summary every run prints: inputs sent, endpoints covered, 5xx and non-JSON 4xx counts. */
export function summaryOf(report: FuzzReport): string {
  const unreached = [...report.endpoints].filter(([, figures]) => figures.unauthorized === figures.sent);
  return [
    `schema fuzz: ${report.sent} inputs sent to ${report.endpoints.size} endpoints`,
    `5xx: ${report.serverErrors}, non-JSON 4xx: ${report.nonJson4xx}, refused calls that wrote: ${report.refusedWrites}`,
    `failures: ${report.failures.length}${unreached.length ? `, never past sign-in: ${unreached.map(([name]) => name).join(', ')}` : ''}`,
  ].join('\n');
}
