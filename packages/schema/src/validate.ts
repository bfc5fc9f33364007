// validate({ params, query, body, headers }): a middleware that checks each part of the request
// with its Standard Schema and puts the schemas' outputs where handlers read them, or answers
// 400 application/problem+json (RFC 9457) listing every issue of every part. Decision 032.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createError, type HttpError } from '@brisk/http';
import { checkKeys, listOf } from './keys.js';
import type { StandardProps, StandardSchemaV1 } from './standard.js';

/** The request parts a schema can check, in the order they are checked. */
export type RequestPart = 'params' | 'query' | 'body' | 'headers';

/** What `validate()` takes: a Standard Schema per request part, and response schemas by status. */
export interface Schemas {
  /** Checks `req.params`; its output becomes `req.params`. */
  params?: StandardSchemaV1 | undefined;
  /** Checks `req.query`; its output becomes what `req.query` reads on this request. */
  query?: StandardSchemaV1 | undefined;
  /** Checks `req.body` (after a body parser); its output becomes `req.body`. */
  body?: StandardSchemaV1 | undefined;
  /** Checks `req.headers` (names lower-case); its output goes to `req.validatedHeaders`, `req.headers` stays. */
  headers?: StandardSchemaV1 | undefined;
  /** Response body schemas by status code: they type `res.json` and describe the responses in `openapi()`. */
  response?: { readonly [status: number]: StandardSchemaV1 } | undefined;
}

/** One issue in a 400 answer: which part, where in it, and the schema's message. */
export interface ValidationIssue {
  in: RequestPart;
  path: Array<string | number>;
  message: string;
}

/** The body of the 400 answer (RFC 9457 problem details, `application/problem+json`). */
export interface ValidationProblem {
  type: 'about:blank';
  title: 'Bad Request';
  status: 400;
  detail: string;
  issues: ValidationIssue[];
}

/** The error a failed validation makes: a 400 `HttpError` with the issues and the problem body. */
export interface ValidationError extends HttpError {
  status: 400;
  statusCode: 400;
  expose: true;
  type: 'request.validation.failed';
  issues: ValidationIssue[];
  /** The problem details body `validate` answers with by default. */
  problem: ValidationProblem;
}

/** A request as `validate` sees it: what it reads and writes. */
type Req = IncomingMessage & { params?: unknown; query?: unknown; body?: unknown; validatedHeaders?: unknown };
type Next = (err?: unknown) => void;

/** Your own answer to a failed validation: `(err, req, res, next)`, as an error handler. */
// biome-ignore lint/suspicious/noExplicitAny: called with brisk's (or Express's) own request and response types
export type ValidationErrorHandler = (err: ValidationError, req: any, res: any, next: Next) => unknown;

/** Options of `validate()`. */
export interface ValidateOptions {
  /**
   * What a failed validation does: `'respond'` (the default) answers 400 problem+json; `'next'`
   * passes the {@link ValidationError} to `next(err)` for the app's error handler; a function
   * answers it itself.
   */
  onError?: 'respond' | 'next' | ValidationErrorHandler | undefined;
  /**
   * The most issues listed in one answer (default 100); the `detail` still counts them all. The
   * issues listed are also bounded together: at most 64 KiB of JSON.
   */
  maxIssues?: number | undefined;
}

/**
 * The middleware `validate()` returns, with its schemas. It fits @brisk/app's `ValidatingHandler`
 * (structurally: this package does not depend on @brisk/app), so that as a route's first handler
 * it types the handlers after it.
 */
export interface Validator<S extends Schemas = Schemas> {
  (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
  /** The schemas it validates with (what `openapi()` reads). */
  readonly schemas: S;
}

const PARTS: readonly RequestPart[] = ['params', 'query', 'body', 'headers'];
/** The keys of `validate()`'s first argument. */
const SCHEMA_KEYS: readonly string[] = [...PARTS, 'response'];
/** The keys of `validate()`'s options. */
const OPTION_KEYS: readonly string[] = ['onError', 'maxIssues'];
/** A message longer than this is cut: a schema's message is echoed to the client. */
const MAX_MESSAGE = 1000;
/** Path segments kept per issue. */
const MAX_PATH = 64;
/**
 * The most bytes of JSON the listed issues take together. The per-issue caps bound one issue,
 * not a hundred: deep paths of long keys, repeated in every issue, made a 64 KB body answer
 * 6.3 MB. Issues are listed while they fit (the first one always), the rest only counted.
 */
const MAX_ISSUE_BYTES = 64 * 1024;

/** One part to check, decided when the middleware is made. */
interface Check {
  part: RequestPart;
  std: StandardProps;
}

/** What the middleware needs at request time, made once by `validate()`. */
interface Plan {
  checks: Check[];
  onError: ValidateOptions['onError'];
  maxIssues: number;
}

/** Per request: the outputs (by check) and the issues so far. */
interface State {
  values: unknown[];
  /** The issues listed: always the first ones reported, in order. */
  issues: ValidationIssue[] | undefined;
  /** All the issues the schemas reported, also those not listed. */
  count: number;
  /** The parts with issues, a bit each in `PARTS` order, also those none of whose issues is listed. */
  failed: number;
  /** The JSON of the listed issues as an array, in UTF-8 bytes less the closing `]`. */
  bytes: number;
  /** An issue did not fit in `MAX_ISSUE_BYTES`: none after it is listed. */
  full: boolean;
}

/** A bare schema, where an object of schemas by part was meant. */
function isSchema(value: object): boolean {
  return '~standard' in value;
}

/** The `~standard` of a schema, or a TypeError at setup. */
function standardOf(schema: unknown, where: string): StandardProps {
  const std =
    schema !== null && (typeof schema === 'object' || typeof schema === 'function')
      ? (schema as { '~standard'?: unknown })['~standard']
      : undefined;
  if (!std || typeof std !== 'object' || typeof (std as StandardProps).validate !== 'function') {
    throw new TypeError(`validate(): ${where} is not a Standard Schema (no ~standard.validate)`);
  }
  return std as StandardProps;
}

/**
 * Makes a middleware that checks the request's `params`, `query`, `body` and `headers` with their
 * Standard Schemas (zod, valibot, arktype, ...; sync or async), then puts the outputs where
 * handlers read them (coercions and defaults applied) and calls `next()`. On failure it answers
 * `400 application/problem+json` with every issue of every part (or what `onError` says). A
 * schema that throws or rejects goes to `next(err)`, always an `Error` (a thrown value that is
 * not one becomes the `cause` of one). As a route's first handler it types the handlers after
 * it: `req.params`, `req.query` and `req.body` are the schemas' outputs.
 *
 * @throws TypeError at setup when a part is not a Standard Schema, a key is not a part name (or
 * an option name), or a bare schema is given where `{ body: schema }` was meant
 * @example
 * app.post('/users/:id', validate({ params: z.object({ id: z.coerce.number() }), body: User }), (req, res) => {
 *   req.params.id; // number
 *   res.status(201).json(req.body);
 * });
 */
export function validate<const S extends Schemas>(schemas: S, options?: ValidateOptions): Validator<S> {
  if (schemas !== null && (typeof schemas === 'object' || typeof schemas === 'function') && isSchema(schemas)) {
    throw new TypeError(
      'validate() takes an object of schemas by request part, not a schema: write validate({ body: schema }) (or params, query, headers)',
    );
  }
  if (schemas === null || typeof schemas !== 'object') throw new TypeError('validate() requires an object of schemas');
  checkKeys('validate()', 'part', schemas, SCHEMA_KEYS);
  const checks: Check[] = [];
  for (const part of PARTS) {
    const schema = schemas[part];
    if (schema !== undefined) checks.push({ part, std: standardOf(schema, part) });
  }
  const response = schemas.response;
  if (response !== undefined) {
    if (response === null || typeof response !== 'object')
      throw new TypeError('validate(): response must be an object of schemas by status code');
    for (const status of Object.keys(response)) {
      if (!/^[1-5]\d\d$/.test(status))
        throw new TypeError(`validate(): response status "${status}" is not a status code`);
      standardOf((response as Record<string, unknown>)[status], `response ${status}`);
    }
  }
  if (options !== undefined) {
    if (options === null || typeof options !== 'object') throw new TypeError('validate(): options must be an object');
    checkKeys('validate()', 'option', options, OPTION_KEYS);
  }
  const onError = options?.onError ?? 'respond';
  if (onError !== 'respond' && onError !== 'next' && typeof onError !== 'function') {
    throw new TypeError('validate(): option onError must be "respond", "next" or a function');
  }
  const maxIssues = options?.maxIssues ?? 100;
  if (!Number.isInteger(maxIssues) || maxIssues < 1) throw new TypeError(`option maxIssues "${maxIssues}" is invalid`);
  const plan: Plan = { checks, onError, maxIssues };

  const middleware = function validateRequest(req: IncomingMessage, res: ServerResponse, next: Next): void {
    run(plan, req as Req, res, next, 0, { values: [], issues: undefined, count: 0, failed: 0, bytes: 0, full: false });
  };
  defineSchemas(middleware, schemas);
  return middleware;
}

/** Defines `fn.schemas`: read-only, enumerable. */
function defineSchemas<F extends object, S>(fn: F, schemas: S): asserts fn is F & { readonly schemas: S } {
  Object.defineProperty(fn, 'schemas', { value: schemas, enumerable: true });
}

/** Reads one part of the request. */
function read(req: Req, part: RequestPart): unknown {
  switch (part) {
    case 'params':
      return req.params;
    case 'query':
      return req.query;
    case 'body':
      return req.body;
    default:
      return req.headers;
  }
}

/** Runs the checks from `from` on; an async result continues in {@link resume}. */
function run(plan: Plan, req: Req, res: ServerResponse, next: Next, from: number, state: State): void {
  const checks = plan.checks;
  for (let i = from; i < checks.length; i++) {
    const check = checks[i] as Check;
    try {
      const result = check.std.validate(read(req, check.part));
      if (result !== null && typeof result === 'object' && typeof (result as Promise<unknown>).then === 'function') {
        // a rejection of resume itself (nothing in it should throw) still reaches next, never the process
        resume(plan, req, res, next, i, result, state).then(undefined, (err: unknown) =>
          next(failure(err, `the ${check.part} schema`, 'threw')),
        );
        return;
      }
      record(plan, state, i, check.part, result);
    } catch (err) {
      next(failure(err, `the ${check.part} schema`, 'threw'));
      return;
    }
  }
  finish(plan, req, res, next, state);
}

/** Waits for an async schema, then goes on with the next check. */
async function resume(
  plan: Plan,
  req: Req,
  res: ServerResponse,
  next: Next,
  i: number,
  pending: unknown,
  state: State,
): Promise<void> {
  const part = (plan.checks[i] as Check).part;
  let result: unknown;
  try {
    result = await pending;
  } catch (err) {
    next(failure(err, `the ${part} schema`, 'rejected with'));
    return;
  }
  try {
    record(plan, state, i, part, result);
  } catch (err) {
    next(failure(err, `the ${part} schema`, 'threw'));
    return;
  }
  run(plan, req, res, next, i + 1, state);
}

/**
 * What goes to `next` when user code (a schema, `onError`) throws or rejects: an Error as it is,
 * anything else as the `cause` of an Error. `next(undefined)`, `next(0)`, `next('route')` or
 * `next('router')` would not be an error to the router: the request would go on to a handler
 * with the body unvalidated. The value is described by its type, never stringified (its
 * `toString` may throw).
 */
function failure(value: unknown, who: string, how: 'threw' | 'rejected with'): unknown {
  let isError: boolean;
  try {
    isError = value instanceof Error;
  } catch {
    isError = false; // a Proxy whose getPrototypeOf trap throws
  }
  return isError ? value : new Error(`validate(): ${who} ${how} ${describe(value)}, not an Error`, { cause: value });
}

/** A thrown value in a few words: primitives as they are (a string cut at 64), objects by type. */
function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value === '' ? 'an empty string' : `the string ${JSON.stringify(value.slice(0, 64))}`;
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    case 'object':
      return value === null ? 'null' : 'an object';
    default:
      return String(value); // undefined, a boolean or a number
  }
}

/** Keeps a check's output, or its issues. Throws (to `next(err)`) on a result that is no result. */
function record(plan: Plan, state: State, i: number, part: RequestPart, result: unknown): void {
  if (result === null || typeof result !== 'object') {
    throw new TypeError(`validate(): the ${part} schema's validate() returned no result object`);
  }
  const issues = (result as { issues?: unknown }).issues;
  if (!issues) {
    state.values[i] = (result as { value?: unknown }).value;
    return;
  }
  state.issues ??= [];
  state.failed |= 1 << PARTS.indexOf(part);
  if (!Array.isArray(issues) || issues.length === 0) {
    state.count++;
    list(plan, state, { in: part, path: [], message: 'Invalid value' });
    return;
  }
  const n = issues.length;
  state.count += n;
  for (let k = 0; k < n && listing(plan, state); k++) list(plan, state, toIssue(part, issues[k]));
}

/** Whether another issue may still be listed. */
function listing(plan: Plan, state: State): boolean {
  return !state.full && (state.issues as ValidationIssue[]).length < plan.maxIssues;
}

/**
 * Lists an issue if it fits: at most `maxIssues` issues, and at most `MAX_ISSUE_BYTES` of JSON
 * for the whole `issues` array (the first issue always, whatever its size). The first one that
 * does not fit ends the list, so what is listed is always the first issues, in order.
 */
function list(plan: Plan, state: State, issue: ValidationIssue): void {
  const issues = state.issues as ValidationIssue[];
  if (!listing(plan, state)) return;
  // its JSON, and the `[` or `,` before it
  const size = Buffer.byteLength(JSON.stringify(issue)) + 1;
  if (issues.length > 0 && state.bytes + size + 1 > MAX_ISSUE_BYTES) {
    state.full = true;
    return;
  }
  state.bytes += size;
  issues.push(issue);
}

/** One issue as the answer shows it: only strings and numbers, bounded. */
function toIssue(part: RequestPart, issue: unknown): ValidationIssue {
  let message = 'Invalid value';
  const path: Array<string | number> = [];
  if (issue !== null && typeof issue === 'object') {
    const m = (issue as { message?: unknown }).message;
    if (typeof m === 'string' && m !== '') message = m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE)}…` : m;
    const p = (issue as { path?: unknown }).path;
    if (Array.isArray(p)) {
      const n = Math.min(p.length, MAX_PATH);
      for (let k = 0; k < n; k++) path.push(segment(p[k]));
    }
  }
  return { in: part, path, message };
}

/** A path segment: a property key, or a `{ key }` segment's key; a symbol by its description. */
function segment(seg: unknown): string | number {
  const key = seg !== null && typeof seg === 'object' ? (seg as { key?: unknown }).key : seg;
  switch (typeof key) {
    case 'string':
      return key.length > MAX_MESSAGE ? key.slice(0, MAX_MESSAGE) : key;
    case 'number':
      // JSON has no NaN or Infinity (JSON.stringify writes null): they are written as strings;
      // -0 is 0, as the answer's JSON has it
      return Number.isFinite(key) ? key + 0 : String(key);
    case 'symbol':
      return key.description ?? '';
    case 'bigint':
    case 'boolean':
      return String(key);
    default:
      return '';
  }
}

/** Every check done: the outputs go on the request, or the issues make the error. */
function finish(plan: Plan, req: Req, res: ServerResponse, next: Next, state: State): void {
  if (state.issues === undefined) {
    const checks = plan.checks;
    for (let i = 0; i < checks.length; i++) {
      const value = state.values[i];
      switch ((checks[i] as Check).part) {
        case 'params':
          req.params = value;
          break;
        case 'query':
          // req.query is a getter on the prototype that parses the URL at each read: an own
          // property on this request shadows it, for the handlers after this one.
          Object.defineProperty(req, 'query', { value, writable: true, enumerable: true, configurable: true });
          break;
        case 'body':
          req.body = value;
          break;
        default:
          req.validatedHeaders = value;
      }
    }
    next();
    return;
  }
  const err = validationError(state.issues, state.count, state.failed);
  const onError = plan.onError;
  if (onError === 'next') {
    next(err);
  } else if (typeof onError === 'function') {
    try {
      const ret = onError(err, req, res, next) as { then?: unknown } | undefined;
      if (ret && typeof ret.then === 'function')
        (ret as Promise<unknown>).then(undefined, (e: unknown) => next(failure(e, 'onError', 'rejected with')));
    } catch (e) {
      next(failure(e, 'onError', 'threw'));
    }
  } else if (res.headersSent) {
    next(err);
  } else {
    const body = JSON.stringify(err.problem);
    res.statusCode = 400;
    res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(body);
  }
}

/**
 * The 400 error, with the problem details body. `detail` names every part with issues (`failed`,
 * a bit per part) and counts every issue, listed or not: "The request's params and body are
 * invalid (120 issues, the first 100 listed)". `params` and `headers` are plural: "are".
 */
function validationError(issues: ValidationIssue[], count: number, failed: number): ValidationError {
  const parts = PARTS.filter((_, k) => failed & (1 << k));
  const verb = parts.length > 1 || parts[0] === 'params' || parts[0] === 'headers' ? 'are' : 'is';
  const listed = issues.length;
  const first = count > listed ? `, the first ${listed === 1 ? 'one' : listed} listed` : '';
  const detail = `The request's ${listOf(parts)} ${verb} invalid (${count} ${count === 1 ? 'issue' : 'issues'}${first})`;
  const problem: ValidationProblem = { type: 'about:blank', title: 'Bad Request', status: 400, detail, issues };
  return createError(400, detail, { type: 'request.validation.failed', issues, problem }) as ValidationError;
}
