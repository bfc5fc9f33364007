// compile(): a path → a function that builds paths from parameters ("reverse" matching).

import { codedTypeError } from './errors.js';
import type { ParseOptions } from './parse.js';
import type { ParamData } from './match.js';
import { toTokenData } from './regexp.js';
import type { Encode, Path, Token } from './tokens.js';

/** Options of `compile()`. */
export interface CompileOptions {
  /**
   * Encodes each parameter value (each wildcard segment), or `false` to insert values as they
   * are (a wildcard then takes one string, not an array).
   * @default encodeURIComponent
   */
  encode?: Encode | false;
  /**
   * Joins the segments of a wildcard array.
   * @default '/'
   */
  delimiter?: string;
}

/** Builds a path from parameters. */
export type PathFunction<P extends ParamData> = (data?: P) => string;

// The path as a flat program: text, captures, and the brackets of optional groups.
const TEXT = 0;
const PARAM = 1;
const WILDCARD = 2;
const OPEN = 3;
const CLOSE = 4;
type Op =
  | { op: typeof TEXT; value: string }
  | { op: typeof PARAM | typeof WILDCARD; name: string; own: boolean }
  | { op: typeof OPEN }
  | { op: typeof CLOSE };

/**
 * Whether a parameter is read only as an own property of the params: when its name is that of a
 * member of Object.prototype (`toString`, `constructor`, `__proto__`...), which every object
 * inherits. Other names are read as `params[name]`, inherited properties included (a class's
 * getter, `Object.create(defaults)`), as path-to-regexp 8.4.1 reads them all; there
 * `compile('/a{/:toString}')({})` throws `Expected "toString" to be a string` instead of giving `/a`.
 */
function ownOnly(name: string): boolean {
  return name in Object.prototype;
}

/** Flattens the token tree (explicit stack: any nesting depth). */
function program(tokens: Token[]): Op[] {
  const ops: Op[] = [];
  const stack: Array<{ tokens: Token[]; index: number }> = [{ tokens, index: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.index >= top.tokens.length) {
      stack.pop();
      if (stack.length) ops.push({ op: CLOSE });
      continue;
    }
    const token = top.tokens[top.index++];
    if (token.type === 'text') ops.push({ op: TEXT, value: token.value });
    else if (token.type === 'param') ops.push({ op: PARAM, name: token.name, own: ownOnly(token.name) });
    else if (token.type === 'wildcard') ops.push({ op: WILDCARD, name: token.name, own: ownOnly(token.name) });
    else if (token.type === 'group') {
      ops.push({ op: OPEN });
      stack.push({ tokens: token.tokens, index: 0 });
    } else {
      throw codedTypeError(`Unknown token type: ${(token as { type: unknown }).type}`, 'BRISK_ERR_PATH_UNKNOWN_TOKEN');
    }
  }
  return ops;
}

/**
 * Compiles a path (string or `TokenData`) into a function that builds a path from parameters.
 * An optional group is left out when any parameter inside it is missing; a missing parameter
 * outside groups throws `TypeError: Missing parameters: <names>`. A parameter is read as a
 * property of `params`, inherited ones included; one named like a member of `Object.prototype`
 * (`toString`, `constructor`) only as an own property.
 *
 * @example
 * const toPath = compile('/user/:id{/*rest}');
 * toPath({ id: 'café' });                 //=> '/user/caf%C3%A9'
 * toPath({ id: '1', rest: ['a', 'b c'] }); //=> '/user/1/a/b%20c'
 */
export function compile<P extends ParamData = ParamData>(
  path: Path,
  options: CompileOptions & ParseOptions = {},
): PathFunction<P> {
  return compileTokens<P>(toTokenData(path, options).tokens, options, false);
}

/**
 * The path builder of a token list. `nonEmpty` (path-to-regexp 9): an empty string for a
 * parameter, or a wildcard whose segments join to nothing, throws.
 */
export function compileTokens<P extends ParamData>(
  tokens: Token[],
  options: CompileOptions,
  nonEmpty: boolean,
): PathFunction<P> {
  const { encode = encodeURIComponent, delimiter = '/' } = options;
  const ops = program(tokens);
  const encodeValue: Encode = encode || ((value) => value);
  const arrays = encode !== false; // wildcards take arrays unless encoding is off

  // A path without captures always builds the same string.
  if (ops.every((op) => op.op === TEXT || op.op === OPEN || op.op === CLOSE)) {
    let text = '';
    for (const op of ops) if (op.op === TEXT) text += op.value;
    return function path(): string {
      return text;
    };
  }

  return function path(params: P = {} as P): string {
    let out = '';
    let missing: string[] | undefined;
    const starts: number[] = []; // output length at each open group
    const dropped: boolean[] = []; // whether a parameter of that group is missing
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i];
      if (op.op === TEXT) {
        out += op.value;
      } else if (op.op === OPEN) {
        starts.push(out.length);
        dropped.push(false);
      } else if (op.op === CLOSE) {
        const start = starts.pop()!;
        if (dropped.pop()) out = out.slice(0, start);
      } else {
        const value: unknown =
          op.own && !Object.hasOwn(params, op.name) ? undefined : (params as Record<string, unknown>)[op.name];
        if (value == null) {
          if (dropped.length) dropped[dropped.length - 1] = true;
          else (missing ??= []).push(op.name);
        } else if (op.op === WILDCARD && arrays) {
          if (!Array.isArray(value) || value.length === 0) {
            throw codedTypeError(`Expected "${op.name}" to be a non-empty array`, 'BRISK_ERR_PATH_INVALID_PARAMETER');
          }
          const before = out.length;
          for (let k = 0; k < value.length; k++) {
            const segment: unknown = value[k];
            if (typeof segment !== 'string') {
              throw codedTypeError(`Expected "${op.name}/${k}" to be a string`, 'BRISK_ERR_PATH_INVALID_PARAMETER');
            }
            out += k === 0 ? encodeValue(segment) : delimiter + encodeValue(segment);
          }
          if (nonEmpty && out.length === before) {
            throw codedTypeError(`Expected "${op.name}" to be a non-empty array`, 'BRISK_ERR_PATH_INVALID_PARAMETER');
          }
        } else if (typeof value !== 'string' || (nonEmpty && value.length === 0)) {
          const what = nonEmpty ? 'a non-empty string' : 'a string';
          throw codedTypeError(`Expected "${op.name}" to be ${what}`, 'BRISK_ERR_PATH_INVALID_PARAMETER');
        } else {
          out += encodeValue(value);
        }
      }
    }
    if (missing) throw codedTypeError(`Missing parameters: ${missing.join(', ')}`, 'BRISK_ERR_PATH_MISSING_PARAMETERS');
    return out;
  };
}
