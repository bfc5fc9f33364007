// The one warning per Express 4 habit: `process.emitWarning` with type `DeprecationWarning` (so
// `node --no-deprecation` silences it) and a stable code naming the habit. As Express 4's own
// deprecations (depd) do, each names the caller's `file:line:column`: the first frame of the
// stack outside brisk's packages and node's internals, and it is emitted once per code and call
// site (and, for a path, once per path: the path is what must be rewritten). docs/express4.md
// lists the codes.

import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every warning the express4 entry emits: its code, and what to write in Express 5 instead. */
export const WARNINGS = {
  BRISK_E4_PATH_SYNTAX:
    "an Express 4 path pattern (`*`, `?`, `+`, `(regex)`, `:name?`, `:name(regex)`, `[...]`): write '/*splat', '{/:name}' or a RegExp instead",
  BRISK_E4_APP_DEL: 'app.del(): use app.delete() instead',
  BRISK_E4_PARAM_FN:
    'app.param(fn) / router.param(fn): refactor to use path params (Express 5 has no param processors)',
  BRISK_E4_PARAM_COLON: "router.param(':name', fn): use router.param('name', fn) instead",
  BRISK_E4_HANDLE_NO_CALLBACK: 'router.handle(req, res) without a callback: pass a callback (Express 5 requires it)',
  BRISK_E4_SEND_STATUS: 'res.send(status): use res.sendStatus(status) instead',
  BRISK_E4_SEND_STATUS_BODY:
    'res.send(status, body) / res.send(body, status): use res.status(status).send(body) instead',
  BRISK_E4_JSON_STATUS: 'res.json(status, obj) / res.json(obj, status): use res.status(status).json(obj) instead',
  BRISK_E4_JSONP_STATUS: 'res.jsonp(status, obj) / res.jsonp(obj, status): use res.status(status).jsonp(obj) instead',
  BRISK_E4_REDIRECT_URL_STATUS: 'res.redirect(url, status): use res.redirect(status, url) instead',
  BRISK_E4_LOCATION_BACK: "res.location('back') / res.redirect('back'): use req.get('Referrer') || '/' instead",
  BRISK_E4_STATUS_LENIENT: 'res.status() with a string or non-integer code: use an integer between 100 and 999',
  BRISK_E4_CLEAR_COOKIE_EXPIRY:
    'res.clearCookie() with maxAge or expires: omit them (Express 5 always expires the cookie at once)',
  BRISK_E4_VARY_NO_FIELD: 'res.vary() without a field: provide a field name',
  BRISK_E4_SENDFILE: 'res.sendfile(): use res.sendFile() (an absolute path, or the root option) instead',
  BRISK_E4_STATIC_HIDDEN:
    "the hidden option (express.static, res.sendFile): use dotfiles: 'allow' (or 'ignore') instead (Express 5 ignores hidden)",
  BRISK_E4_ACCEPTS_SINGULAR:
    'req.acceptsCharset() / acceptsEncoding() / acceptsLanguage(): use acceptsCharsets() / acceptsEncodings() / acceptsLanguages() instead',
  BRISK_E4_REQ_PARAM: 'req.param(name): use req.params, req.body or req.query instead',
  BRISK_E4_REQ_HOST: 'req.host without the port: use req.hostname instead (Express 5 req.host keeps the port)',
  BRISK_E4_QUERY_ASSIGN:
    'assigning req.query: Express 5 makes req.query a getter; keep sanitized values elsewhere (or redefine the property)',
  BRISK_E4_URLENCODED_EXTENDED:
    'urlencoded() without the extended option: body-parser 1 defaults it to true, Express 5 to false; provide extended',
} as const;

/** A warning code of the express4 entry. */
export type WarningCode = keyof typeof WARNINGS;

/**
 * The warnings emitted so far, by code, call site and path. At most {@link MAX_EMITTED}: code
 * that makes functions at run time (`eval`, `new Function`) could otherwise grow it without end.
 */
const emitted = new Set<string>();
const MAX_EMITTED = 10_000;

/** Frames looked at for the caller: brisk's own are at most a dozen deep. */
const STACK_FRAMES = 50;

/** The longest path a warning quotes in full; a longer one is cut, with `…`. */
const MAX_QUOTED = 200;

/**
 * Emits the warning `code` (a `DeprecationWarning`, silenced by `--no-deprecation`) naming the
 * caller's `file:line:column`, once per code and call site; `path`, for `BRISK_E4_PATH_SYNTAX`,
 * is quoted in the message and makes a warning of its own.
 */
export function warn(code: WarningCode, path?: string): void {
  // what `node --no-deprecation` sets (@types/node 18 does not declare it): nothing to find
  if ((process as { noDeprecation?: boolean }).noDeprecation) return;
  const frames = callSites();
  const caller = callerIndex(frames);
  const site = caller === -1 ? '' : rawLocation(frames[caller]);
  const key = `${code}\n${site}\n${path ?? ''}`;
  if (emitted.has(key) || emitted.size >= MAX_EMITTED) return;
  emitted.add(key);
  let message = `briskjs/express4: ${WARNINGS[code]}`;
  if (path !== undefined) message += ` (path ${quote(path)})`;
  if (caller !== -1) message += ` at ${printedLocation(caller) ?? site}`;
  process.emitWarning(message, { type: 'DeprecationWarning', code, ctor: warn });
}

/** Forgets which warnings were emitted (tests only: each habit is then reported again). */
export function resetWarnings(): void {
  emitted.clear();
}

/** `path` in single quotes, control characters escaped, cut at {@link MAX_QUOTED} characters. */
function quote(path: string): string {
  const cut = path.length > MAX_QUOTED ? `${path.slice(0, MAX_QUOTED)}…` : path;
  return `'${JSON.stringify(cut).slice(1, -1).replace(/'/g, "\\'")}'`;
}

// Finding the caller, as depd does: V8's structured call sites of the stack below `warn` (cheap:
// no text is formatted), the first whose file is neither in a brisk package (`briskjs`,
// `@brisk/*`) nor node's own (`node:`). That frame's raw position is the key of the call site;
// the message, made once per key, gives its position as a stack trace prints it (with source maps
// applied when they are enabled), which a second capture of the same frames gives.

/** The parts of V8's `CallSite` read here. */
interface CallSite {
  getFileName(): string | null | undefined;
  getLineNumber(): number | null;
  getColumnNumber(): number | null;
  isEval(): boolean;
}

/** Runs `capture` with `Error.stackTraceLimit` at {@link STACK_FRAMES}, and puts it back. */
function withFrames<T>(capture: () => T): T {
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = STACK_FRAMES;
    return capture();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The call sites below `warn`, as V8 gives them to `Error.prepareStackTrace`. */
function callSites(): CallSite[] {
  const prepare = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    return withFrames(() => {
      const holder: { stack?: unknown } = {};
      Error.captureStackTrace(holder, warn);
      return Array.isArray(holder.stack) ? (holder.stack as CallSite[]) : [];
    });
  } finally {
    Error.prepareStackTrace = prepare;
  }
}

/** The index of the caller's frame: the first not in a brisk package nor node's; -1 if none. */
function callerIndex(frames: readonly CallSite[]): number {
  for (let i = 0; i < frames.length; i++) {
    const file = frames[i].getFileName();
    if (!file || frames[i].isEval() || file.startsWith('node:') || inBriskPackage(file)) continue;
    return i;
  }
  return -1;
}

/** `file:line:column` of a call site, as V8 numbers it (before any source map). */
function rawLocation(frame: CallSite): string {
  return `${frame.getFileName()}:${frame.getLineNumber()}:${frame.getColumnNumber()}`;
}

/**
 * `file:line:column` of the `index`th frame below `warn` as a stack trace prints it (a second
 * capture from the same depth has the same frames, one line each after the message line);
 * undefined when the line does not read as one (a user's `Error.prepareStackTrace` that prints
 * something else).
 */
function printedLocation(index: number): string | undefined {
  const stack = withFrames(() => {
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, warn);
    return holder.stack;
  });
  if (typeof stack !== 'string') return undefined;
  return frameLocation(stack.split('\n')[index + 1] ?? '');
}

/**
 * The `file:line:column` of one line of a V8 stack trace (`    at fn (file:1:2)`,
 * `    at file:1:2`, `    at async fn (file:1:2)`); undefined for the message line and for
 * frames without a file (`<anonymous>`, `native`, `eval at ...`).
 */
function frameLocation(line: string): string | undefined {
  let text = line.trim();
  if (!text.startsWith('at ') || text.includes('eval at ')) return undefined;
  text = text.slice(3);
  if (text.endsWith(')')) {
    const open = text.lastIndexOf(' (');
    if (open === -1) return undefined;
    text = text.slice(open + 2, -1);
  } else if (text.startsWith('async ')) {
    text = text.slice(6);
  }
  const col = text.lastIndexOf(':');
  const row = text.lastIndexOf(':', col - 1);
  if (row <= 0 || !isDigits(text, row + 1, col) || !isDigits(text, col + 1, text.length)) return undefined;
  return text;
}

/** Whether `text` from `start` to `end` is one or more ASCII digits. */
function isDigits(text: string, start: number, end: number): boolean {
  if (start >= end) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Per directory: whether it lies in a brisk package (the nearest named package.json says so). */
const briskDirectories = new Map<string, boolean>();

/** Whether `file` (a path or a `file:` URL) belongs to a package named `briskjs` or `@brisk/*`. */
function inBriskPackage(file: string): boolean {
  let path: string;
  try {
    path = file.startsWith('file:') ? fileURLToPath(file) : file;
  } catch {
    return false;
  }
  return isAbsolute(path) && briskDirectory(dirname(path));
}

/**
 * Whether the package that `dir` is in is one of brisk's: the `name` of the nearest
 * `package.json` that has one (a subpath's manifest, `briskjs/express4/package.json`, has none).
 */
function briskDirectory(dir: string): boolean {
  const known = briskDirectories.get(dir);
  if (known !== undefined) return known;
  let name: unknown;
  try {
    name = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name;
  } catch {
    name = undefined; // no package.json here (or not JSON): look further up
  }
  let result: boolean;
  if (typeof name === 'string') result = name === 'briskjs' || name.startsWith('@brisk/');
  else {
    const parent = dirname(dir);
    result = parent !== dir && briskDirectory(parent);
  }
  briskDirectories.set(dir, result);
  return result;
}
