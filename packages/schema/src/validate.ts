// validate({ params, query, body, headers }): a middleware that checks each part of the request
// with its Standard Schema and puts the schemas' outputs where handlers read them, or answers
// 400 application/problem+json (RFC 9457) listing every issue of every part. Decision 032.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createError, type HttpError } from '@brisk/http';
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
  /** The most issues reported in one answer (default 100); the `detail` still counts them all. */
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
/** A message longer than this is cut: a schema's message is echoed to the client. */
const MAX_MESSAGE = 1000;
/** Path segments kept per issue. */
const MAX_PATH = 64;

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
  issues: ValidationIssue[] | undefined;
  /** All the issues the schemas reported, also those past `maxIssues`. */
  count: number;
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
 * schema that throws goes to `next(err)`. As a route's first handler it types the handlers after
 * it: `req.params`, `req.query` and `req.body` are the schemas' outputs.
 *
 * @throws TypeError at setup when a part is not a Standard Schema
 * @example
 * app.post('/users/:id', validate({ params: z.object({ id: z.coerce.number() }), body: User }), (req, res) => {
 *   req.params.id; // number
 *   res.status(201).json(req.body);
 * });
 */
export function validate<const S extends Schemas>(schemas: S, options?: ValidateOptions): Validator<S> {
  if (schemas === null || typeof schemas !== 'object') throw new TypeError('validate() requires an object of schemas');
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
  const onError = options?.onError ?? 'respond';
  if (onError !== 'respond' && onError !== 'next' && typeof onError !== 'function') {
    throw new TypeError('validate(): option onError must be "respond", "next" or a function');
  }
  const maxIssues = options?.maxIssues ?? 100;
  if (!Number.isInteger(maxIssues) || maxIssues < 1) throw new TypeError(`option maxIssues "${maxIssues}" is invalid`);
  const plan: Plan = { checks, onError, maxIssues };

  const middleware = function validateRequest(req: IncomingMessage, res: ServerResponse, next: Next): void {
    run(plan, req as Req, res, next, 0, { values: [], issues: undefined, count: 0 });
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
        resume(plan, req, res, next, i, result, state).then(undefined, next);
        return;
      }
      record(plan, state, i, check.part, result);
    } catch (err) {
      next(err);
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
  try {
    const result = await pending;
    record(plan, state, i, (plan.checks[i] as Check).part, result);
  } catch (err) {
    next(err);
    return;
  }
  run(plan, req, res, next, i + 1, state);
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
  const list = (state.issues ??= []);
  if (!Array.isArray(issues) || issues.length === 0) {
    state.count++;
    if (list.length < plan.maxIssues) list.push({ in: part, path: [], message: 'Invalid value' });
    return;
  }
  state.count += issues.length;
  const n = Math.min(issues.length, plan.maxIssues - list.length);
  for (let k = 0; k < n; k++) list.push(toIssue(part, issues[k]));
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
      return key;
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
  const err = validationError(state.issues, state.count);
  const onError = plan.onError;
  if (onError === 'next') {
    next(err);
  } else if (typeof onError === 'function') {
    try {
      const ret = onError(err, req, res, next) as { then?: unknown } | undefined;
      if (ret && typeof ret.then === 'function') (ret as Promise<unknown>).then(undefined, next);
    } catch (e) {
      next(e);
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

/** The 400 error, with the problem details body. */
function validationError(issues: ValidationIssue[], count: number): ValidationError {
  const parts: RequestPart[] = [];
  for (const issue of issues) if (!parts.includes(issue.in)) parts.push(issue.in);
  const where = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  const detail = `The request's ${where} ${parts.length === 1 ? 'is' : 'are'} invalid (${count} ${count === 1 ? 'issue' : 'issues'}${count > issues.length ? `, the first ${issues.length} listed` : ''})`;
  const problem: ValidationProblem = { type: 'about:blank', title: 'Bad Request', status: 400, detail, issues };
  return createError(400, detail, { type: 'request.validation.failed', issues, problem }) as ValidationError;
}
