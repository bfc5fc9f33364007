// openapi(app, { info }): an OpenAPI 3.1 document of the app's routes, with parameters, request
// bodies and responses from the JSON Schema of the schemas `validate()` was given. Decision 032.
import { parse, type Token } from '@brisk/path';
import { routeTable, type RouteHandlerEntry, type RouteTableEntry } from '@brisk/router';
import { checkKeys } from './keys.js';
import type { Schemas } from './validate.js';
import type { StandardProps } from './standard.js';

/** A JSON Schema or any other JSON object of the document. */
export type JSONObject = { [key: string]: unknown };

/** Options of `openapi()`: the document's `info` (title and version required) and `servers`. */
export interface OpenAPIOptions {
  info: { title: string; version: string; [key: string]: unknown };
  servers?: Array<{ url: string; description?: string; [key: string]: unknown }> | undefined;
}

/** An OpenAPI 3.1 document. */
export interface OpenAPIDocument {
  openapi: '3.1.0';
  info: OpenAPIOptions['info'];
  servers?: OpenAPIOptions['servers'];
  paths: { [path: string]: { [method: string]: JSONObject } };
  components: { schemas: { [name: string]: JSONObject }; responses: { [name: string]: JSONObject } };
}

/** The methods an OpenAPI 3.1 path item has; others are left out of the document. */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** The methods an `all()` route is listed under. */
const ALL_METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Optional groups expanded per path (each doubles the paths): `/a{/:b}{/:c}` gives four. */
const MAX_VARIANTS = 16;
/** Mounted routers followed this deep. */
const MAX_DEPTH = 32;
/** JSON Schemas copied this deep; deeper parts become `{}`. */
const MAX_SCHEMA_DEPTH = 64;

/** The keys of `openapi()`'s options. */
const OPTION_KEYS: readonly string[] = ['info', 'servers'];

const PROBLEM_RESPONSE = 'ValidationProblem';
const PROBLEM_SCHEMA = 'ValidationProblem';

/**
 * An OpenAPI 3.1 document of `app`'s routes (what `app.router.listRoutes()` lists, mounted
 * routers included): each path in `{name}` form, each method an operation, with `parameters`
 * and a JSON `requestBody` from the JSON Schema of its `validate()` schemas, a `400`
 * problem+json response where it validates, and the `response` schemas it declares. Routes
 * without schemas are listed too. Synchronous: `await openapi(app, ...)` works as well.
 *
 * @throws TypeError when `info` lacks a title or a version, an option is unknown, or `app` is no app or router
 *
 * @example
 * app.get('/openapi.json', (req, res) => res.json(openapi(app, { info: { title: 'Users', version: '1.0.0' } })));
 */
export function openapi(app: unknown, options: OpenAPIOptions): OpenAPIDocument {
  const info = options?.info;
  if (!info || typeof info.title !== 'string' || typeof info.version !== 'string') {
    throw new TypeError('openapi() requires options.info with a title and a version');
  }
  checkKeys('openapi()', 'option', options, OPTION_KEYS);
  const doc: OpenAPIDocument = {
    openapi: '3.1.0',
    info: { ...info },
    ...(options.servers && { servers: options.servers.map((s) => ({ ...s })) }),
    paths: {},
    components: { schemas: {}, responses: {} },
  };
  const router = routerOf(app);
  if (!router) throw new TypeError('openapi() requires an app or a router');
  for (const route of routeTable(router, MAX_DEPTH)) addPaths(doc, route);
  return doc;
}

/** The router of an app (`app.router`), or the router itself. */
function routerOf(app: unknown): { stack: unknown[] } | undefined {
  if (app === null || (typeof app !== 'function' && typeof app !== 'object')) return undefined;
  const own = app as { stack?: unknown; router?: unknown };
  if (Array.isArray(own.stack)) return own as { stack: unknown[] };
  const router = own.router as { stack?: unknown } | undefined;
  return router && Array.isArray(router.stack) ? (router as { stack: unknown[] }) : undefined;
}

/**
 * Adds one route of the router's route table (@brisk/router's `routeTable`): its path under its
 * mount paths, in each of its template forms (a RegExp path has none: not listed).
 */
function addPaths(doc: OpenAPIDocument, route: RouteTableEntry): void {
  let prefixes: Template[] = [{ path: '', params: [] }];
  for (const mount of route.mounts) {
    if (typeof mount !== 'string') return;
    prefixes = prefixes.flatMap((prefix) => templates(mount).map((variant) => join(prefix.path, variant.path)));
  }
  if (typeof route.path !== 'string') return;
  for (const prefix of prefixes) {
    for (const variant of templates(route.path)) {
      const full = join(prefix.path, variant.path);
      addRoute(doc, route.handlers, full.path, [...full.params]);
    }
  }
}

/** A path in OpenAPI's template form and its parameter names. */
interface Template {
  path: string;
  params: string[];
}

/** `/users/:id{/:tab}` → `/users/{id}` and `/users/{id}/{tab}`; `/files/*rest` → `/files/{rest}`. */
function templates(path: string): Template[] {
  let tokens: Token[];
  try {
    tokens = parse(path).tokens;
  } catch {
    return []; // the router would have refused it; nothing to list
  }
  let out: Template[] = [{ path: '', params: [] }];
  const add = (list: Template[], toks: Token[]): Template[] => {
    let acc = list;
    for (const token of toks) {
      if (token.type === 'text') acc = acc.map((t) => ({ path: t.path + token.value, params: t.params }));
      else if (token.type === 'group') {
        const withGroup = add(acc, token.tokens);
        acc = acc.length * 2 <= MAX_VARIANTS ? [...acc, ...withGroup] : withGroup;
      } else acc = acc.map((t) => ({ path: `${t.path}{${token.name}}`, params: [...t.params, token.name] }));
    }
    return acc;
  };
  out = add(out, tokens);
  return out;
}

/** A mount prefix and a path below it, in template form, with the parameter names of both. */
function join(prefix: string, sub: string): Template {
  let path: string;
  if (prefix === '' || prefix === '/') path = sub;
  else if (sub === '' || sub === '/') path = prefix;
  else path = prefix.replace(/\/$/, '') + sub;
  if (!path.startsWith('/')) path = `/${path}`;
  return { path, params: [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] as string) };
}

/** One route's operations, one per method it handles. */
function addRoute(doc: OpenAPIDocument, stack: readonly RouteHandlerEntry[], path: string, params: string[]): void {
  const methods: string[] = [];
  for (const layer of stack) {
    const method = layer.method?.toLowerCase();
    for (const m of method === undefined ? ALL_METHODS : [method]) {
      if (OPENAPI_METHODS.includes(m) && !methods.includes(m)) methods.push(m);
    }
  }
  if (methods.length === 0) return;
  const item = (doc.paths[path] ??= {});
  for (const method of methods) {
    if (item[method]) continue; // an earlier route for the same path and method answers first
    const layer = stack.find(
      (l) => (l.method === undefined || l.method.toLowerCase() === method) && schemasOf(l.handle) !== undefined,
    );
    item[method] = operation(doc, params, layer ? (schemasOf(layer.handle) as Schemas) : undefined);
  }
}

/** The schemas of a `validate()` middleware. */
function schemasOf(handle: unknown): Schemas | undefined {
  if (typeof handle !== 'function') return undefined;
  const schemas = (handle as { schemas?: unknown }).schemas;
  return schemas !== null && typeof schemas === 'object' ? (schemas as Schemas) : undefined;
}

/** The operation of one method of a route. */
function operation(doc: OpenAPIDocument, pathParams: string[], schemas: Schemas | undefined): JSONObject {
  const parameters: JSONObject[] = [];
  const params = schemas?.params ? objectSchema(doc, schemas.params) : undefined;
  for (const name of new Set(pathParams)) {
    // own properties only: a parameter named `constructor` or `__proto__` is not Object.prototype's
    const own = params && Object.hasOwn(params.properties, name) ? params.properties[name] : undefined;
    const schema = own ?? { type: 'string' };
    parameters.push({ name, in: 'path', required: true, schema });
  }
  for (const [part, where] of [
    ['query', 'query'],
    ['headers', 'header'],
  ] as const) {
    const object = schemas?.[part] ? objectSchema(doc, schemas[part]) : undefined;
    if (!object) continue;
    for (const [name, schema] of Object.entries(object.properties)) {
      parameters.push({ name, in: where, required: object.required.includes(name), schema });
    }
  }
  const op: JSONObject = {};
  if (parameters.length) op.parameters = parameters;
  if (schemas?.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(doc, schemas.body) ?? {} } },
    };
  }
  const responses: JSONObject = {};
  const declared = schemas?.response;
  if (declared && typeof declared === 'object') {
    for (const status of Object.keys(declared)) {
      const schema = jsonSchemaOf(doc, (declared as Record<string, unknown>)[status], 'output');
      responses[status] = {
        description: `Status ${status}`,
        content: { 'application/json': { schema: schema ?? {} } },
      };
    }
  }
  if (schemas && (schemas.params || schemas.query || schemas.body || schemas.headers)) {
    responses['400'] ??= { $ref: `#/components/responses/${PROBLEM_RESPONSE}` };
    addProblem(doc);
  }
  if (Object.keys(responses).length === 0) responses.default = { description: 'The response' };
  op.responses = responses;
  return op;
}

/** The problem+json response and its schema, once per document. */
function addProblem(doc: OpenAPIDocument): void {
  if (doc.components.responses[PROBLEM_RESPONSE]) return;
  doc.components.schemas[PROBLEM_SCHEMA] = {
    type: 'object',
    description: 'RFC 9457 problem details of a request that failed validation',
    required: ['type', 'title', 'status', 'detail', 'issues'],
    properties: {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer', const: 400 },
      detail: { type: 'string' },
      issues: {
        type: 'array',
        items: {
          type: 'object',
          required: ['in', 'path', 'message'],
          properties: {
            in: { enum: ['params', 'query', 'body', 'headers'] },
            path: { type: 'array', items: { type: ['string', 'integer'] } },
            message: { type: 'string' },
          },
        },
      },
    },
  };
  doc.components.responses[PROBLEM_RESPONSE] = {
    description: 'The request failed validation',
    content: { 'application/problem+json': { schema: { $ref: `#/components/schemas/${PROBLEM_SCHEMA}` } } },
  };
}

/** An object schema's properties and required names, for parameters. */
function objectSchema(
  doc: OpenAPIDocument,
  schema: unknown,
): { properties: Record<string, JSONObject>; required: string[] } | undefined {
  const json = jsonSchemaOf(doc, schema);
  if (!json) return undefined;
  const properties: Record<string, JSONObject> = {};
  const props = json.properties;
  if (props && typeof props === 'object' && !Array.isArray(props)) {
    for (const [name, value] of Object.entries(props)) {
      properties[name] = value !== null && typeof value === 'object' ? (value as JSONObject) : {};
    }
  }
  const required = Array.isArray(json.required) ? json.required.filter((n): n is string => typeof n === 'string') : [];
  return { properties, required };
}

/**
 * The JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of a schema's input (what the client
 * sends) or output (what a response holds), through the Standard JSON Schema extension; its
 * `$defs` move to `components.schemas`. `undefined` when the library gives none, or throws: in the
 * conversion, or while its output is read (a getter, a Proxy). One schema's failure costs that
 * schema alone (`{}`), never the document.
 */
function jsonSchemaOf(doc: OpenAPIDocument, schema: unknown, io: 'input' | 'output' = 'input'): JSONObject | undefined {
  try {
    const std = (schema as { '~standard'?: StandardProps } | null | undefined)?.['~standard'];
    const convert = std?.jsonSchema?.[io];
    if (typeof convert !== 'function') return undefined;
    return place(doc, convert.call(std?.jsonSchema, { target: 'draft-2020-12' }));
  } catch {
    return undefined;
  }
}

/** A name taken in `components.schemas`: an own key, or `__proto__` (a key no assignment makes). */
function taken(schemas: JSONObject, name: string): boolean {
  return name === '__proto__' || Object.hasOwn(schemas, name);
}

/**
 * A converter's output as the document holds it: a copy, with its `$defs` moved to
 * `components.schemas` under names not taken yet and their `$ref`s rewritten. All or nothing:
 * the components change only once every copy is made, since reading the output may throw.
 */
function place(doc: OpenAPIDocument, json: unknown): JSONObject | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const schemas = doc.components.schemas;
  const renames = new Map<string, string>();
  const defs = (json as JSONObject).$defs;
  const moved: Array<[string, JSONObject]> = [];
  if (defs && typeof defs === 'object' && !Array.isArray(defs)) {
    const used = new Set<string>();
    for (const name of Object.keys(defs)) {
      const base = name.replace(/[^A-Za-z0-9._-]/g, '_') || 'Schema';
      let target = base;
      for (let n = 2; taken(schemas, target) || used.has(target); n++) target = `${base}_${n}`;
      used.add(target);
      renames.set(name, target);
    }
    for (const [name, target] of renames) {
      moved.push([target, copy((defs as JSONObject)[name], renames, 0, new Set()) as JSONObject]);
    }
  }
  const out = copy(json, renames, 0, new Set()) as JSONObject;
  delete out.$schema;
  delete out.$defs;
  for (const [target, def] of moved) schemas[target] = def;
  return out;
}

/** A deep copy of JSON data: bounded, without cycles, `#/$defs/x` refs pointed at the components. */
function copy(value: unknown, renames: Map<string, string>, depth: number, seen: Set<object>): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? undefined : value;
  }
  if (depth >= MAX_SCHEMA_DEPTH || seen.has(value)) return {};
  seen.add(value);
  let out: unknown;
  if (Array.isArray(value)) {
    out = value.map((v) => copy(v, renames, depth + 1, seen) ?? null);
  } else {
    const obj: JSONObject = {};
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue;
      let v = copy((value as JSONObject)[key], renames, depth + 1, seen);
      if (key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
        const target = renames.get(pointerToken(v.slice(8)));
        if (target) v = `#/components/schemas/${target}`;
      }
      if (v !== undefined) obj[key] = v;
    }
    out = obj;
  }
  seen.delete(value);
  return out;
}

/** A JSON Pointer token of a URI fragment, decoded (`%25` → `%`, `~1` → `/`, `~0` → `~`); as is when malformed. */
function pointerToken(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // a malformed %-escape names no $defs entry: left as is, it matches none
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}
