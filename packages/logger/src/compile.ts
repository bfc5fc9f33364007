/**
 * Format strings → format functions. A format is split once into literal texts and token
 * references; the function built from them looks each token up in the `tokens` object it is
 * given, calls it and concatenates. No text of the format is ever evaluated as code (morgan's
 * CVE-2019-5413 cannot happen by construction): see `buildGenerated`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FormatFn, Tokens } from './types.js';

/**
 * The token grammar (morgan's `/:([-\w]{2,})(?:\[([^\]]+)\])?/g`):
 *   token = ":" name [ "[" arg "]" ]
 *   name  = 2*( ALPHA / DIGIT / "_" / "-" )   ; the longest run
 *   arg   = 1*( any character but "]" )
 * Anything else is literal text, including a `:` not followed by two name characters and a
 * `[` without a later `]` (or with an empty `[]`).
 */
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  NAME_CHAR[c] = /[-\w]/.test(ch) ? 1 : 0;
}

/** A parsed format: `literals[0] + token0 + literals[1] + ... + literals[n]`. */
export interface ParsedFormat {
  /** The literal texts around the tokens (one more than `names`). */
  readonly literals: readonly string[];
  /** The token names, in order. */
  readonly names: readonly string[];
  /** Each token's bracketed argument, or `undefined`. */
  readonly args: ReadonlyArray<string | undefined>;
}

/** Splits a format string into literal texts and token references: one linear scan. */
export function parseFormat(format: string): ParsedFormat {
  const literals: string[] = [];
  const names: string[] = [];
  const args: Array<string | undefined> = [];
  const length = format.length;
  // an `[` after this index has no `]` to close it (keeps the scan linear)
  const lastClose = format.lastIndexOf(']');
  let start = 0;
  let i = format.indexOf(':');
  while (i !== -1) {
    let j = i + 1;
    while (j < length) {
      const c = format.charCodeAt(j);
      if (c >= 128 || NAME_CHAR[c] === 0) break;
      j++;
    }
    if (j - i <= 2) {
      // fewer than 2 name characters: the `:` is literal
      i = format.indexOf(':', i + 1);
      continue;
    }
    let end = j;
    let arg: string | undefined;
    // `[` + at least one character + a later `]` (the first one closes)
    if (format.charCodeAt(j) === 0x5b /* [ */ && format.charCodeAt(j + 1) !== 0x5d /* ] */ && j + 1 < lastClose) {
      const close = format.indexOf(']', j + 2);
      arg = format.slice(j + 1, close);
      end = close + 1;
    }
    literals.push(format.slice(start, i));
    names.push(format.slice(i + 1, j));
    args.push(arg);
    start = end;
    i = format.indexOf(':', end);
  }
  literals.push(format.slice(start));
  return { literals, names, args };
}

/** Names a plain object or function inherits (`toString`, `call`, `__proto__`, ...). */
const inherited = (name: string): boolean => name in Function.prototype;

/** The error of a format naming a token that is not defined. */
function notDefined(name: string): TypeError {
  return new TypeError(`token ":${name}" is not defined`);
}

type TokenTable = Record<string, unknown>;
type AnyToken = (this: unknown, req: unknown, res: unknown, arg?: string) => unknown;
/** A compiled format: one function for every request and response type it is given. */
type Compiled = <Req extends IncomingMessage, Res extends ServerResponse>(
  tokens: Tokens<Req, Res>,
  req: Req,
  res: Res,
) => string;

/** Whether `tokens[name]` is a token: a function, and an own property for inherited names. */
function isToken(tokens: TokenTable, name: string, guarded: boolean): boolean {
  return typeof tokens[name] === 'function' && (!guarded || Object.hasOwn(tokens, name));
}

/**
 * The portable format function: a loop over the parts, looking each token up when it runs.
 * Used when code generation is not allowed (`--disallow-code-generation-from-strings`) and for
 * formats with very many tokens.
 */
function buildLoop(parsed: ParsedFormat, guarded: readonly boolean[]): Compiled {
  const { literals, names, args } = parsed;
  const count = names.length;
  const first = literals[0];
  return function compiledFormat(tokens, req, res) {
    const table: TokenTable = tokens;
    let line = first;
    for (let i = 0; i < count; i++) {
      const name = names[i];
      if (!isToken(table, name, guarded[i])) throw notDefined(name);
      const fn = table[name] as AnyToken;
      const arg = args[i];
      // called as a method of `tokens` (as morgan's generated code does), without `arg` if none
      const value: unknown = arg === undefined ? fn.call(table, req, res) : fn.call(table, req, res, arg);
      line += (value || '-') + literals[i + 1];
    }
    return line;
  };
}

/**
 * The engine's canonical copy of a string (as property keys are). Names cut from a format are
 * fresh strings: looked up with `tokens[name]`, each lookup would search the string table first
 * (~20% of a line).
 */
function internalize<T extends string | undefined>(text: T): T {
  return text === undefined ? text : (Object.keys({ [text]: 0 })[0] as T);
}

/** Formats with more tokens than this use the loop (a very long expression is slow to compile). */
const MAX_GENERATED_TOKENS = 64;

/**
 * The fast format function: one expression with a call site per token, as morgan's. Its source
 * is made only of fixed text, variable names and numbers chosen here: the literals, token names
 * and arguments of the format reach it as values (`L[0]`, `N[0]`, `A[0]`), never as code, so a format cannot inject anything (CVE-2019-5413). Returns `undefined` when the
 * runtime forbids code generation.
 */
function buildGenerated(parsed: ParsedFormat, guarded: readonly boolean[]): Compiled | undefined {
  const { literals, names, args } = parsed;
  let expression = 'L[0]';
  for (let i = 0; i < names.length; i++) {
    let call = args[i] === undefined ? `tokens[N[${i}]](req, res)` : `tokens[N[${i}]](req, res, A[${i}])`;
    // an inherited name (`:toString`) is a token only as an own property
    if (guarded[i]) call = `(own(tokens, N[${i}]) ? ${call} : X(N[${i}]))`;
    expression += ` + (${call} || "-") + L[${i + 1}]`;
  }
  // (Formats of the same shape have the same source, which the engine compiles once.)
  const source =
    '"use strict";\n' +
    'return function compiledFormat(tokens, req, res) {\n' +
    '  try {\n' +
    `    return ${expression};\n` +
    '  } catch (err) {\n' +
    '    throw D(tokens, err);\n' +
    '  }\n' +
    '};\n';
  // A TypeError may come from calling a token that is not defined: name the first one missing.
  // (Keeping track of the running token instead costs ~10% of a line.)
  const diagnose = (tokens: TokenTable, err: unknown): unknown => {
    if (!(err instanceof TypeError)) return err;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (!isToken(tokens, name, guarded[i])) return notDefined(name);
    }
    return err;
  };
  const raise = (name: string): never => {
    throw notDefined(name);
  };
  let factory: (...values: unknown[]) => Compiled;
  try {
    factory = new Function('L', 'N', 'A', 'X', 'D', 'own', source) as typeof factory;
  } catch {
    return undefined; // code generation from strings is disallowed
  }
  return factory(literals, names, args, raise, diagnose, Object.hasOwn);
}

/** Builds the format function of a parsed format. */
function build(format: ParsedFormat): Compiled {
  const first = format.literals[0];
  if (format.names.length === 0) return () => first;
  const parsed = {
    literals: format.literals,
    names: format.names.map(internalize),
    args: format.args.map(internalize),
  };
  const guarded = parsed.names.map(inherited);
  return (parsed.names.length <= MAX_GENERATED_TOKENS && buildGenerated(parsed, guarded)) || buildLoop(parsed, guarded);
}

/** Compiled formats by format string (formats come from code: bounded only as a safeguard). */
const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 256;

/**
 * Compiles a format string into a format function `(tokens, req, res) => line`. Tokens are
 * written `:name` or `:name[arg]`; each is looked up in `tokens` when the line is built (so a
 * token defined later is used), and a missing value (`undefined`, `null`, `''`) prints `-`.
 * Compiling the same string again returns the same function.
 *
 * @throws TypeError `argument format must be a string`; the returned function throws
 *   TypeError `token ":name" is not defined` for a token that is not defined when it runs.
 * @example
 * const line = logger.compile(':method :url :status');
 * line(logger, req, res); // 'GET /users 200'
 */
export function compile<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  format: string,
): FormatFn<Req, Res> {
  if (typeof format !== 'string') throw new TypeError('argument format must be a string');
  let fn = cache.get(format);
  if (fn === undefined) {
    fn = build(parseFormat(format));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(format, fn);
  }
  return fn;
}
