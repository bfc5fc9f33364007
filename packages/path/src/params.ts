// Type-level parameter inference from a path literal (the path-to-regexp 8 grammar):
// `:id` → string, `*splat` → string[], inside `{...}` optional, quoted names (`:"user-id"`),
// `\` escapes. Names follow JavaScript identifiers for ASCII; any non-ASCII character is taken
// as part of a name (the runtime applies Unicode ID_Continue exactly).

import type { ParamData } from './match.js';

/** ASCII characters that end an unquoted name (everything but letters, digits, `$` and `_`). */
type NameEnd =
  | ' '
  | '!'
  | '"'
  | '#'
  | '%'
  | '&'
  | "'"
  | '('
  | ')'
  | '*'
  | '+'
  | ','
  | '-'
  | '.'
  | '/'
  | ':'
  | ';'
  | '<'
  | '='
  | '>'
  | '?'
  | '@'
  | '['
  | '\\'
  | ']'
  | '^'
  | '`'
  | '{'
  | '|'
  | '}'
  | '~'
  | '\t'
  | '\n'
  | '\r';

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** Reads an unquoted name: `[name, rest]`. */
type ReadId<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameEnd
    ? [Name, S]
    : ReadId<Rest, `${Name}${C}`>
  : [Name, S];

/** Reads a quoted name after its opening quote: `[name, rest]`, or never when unterminated. */
type ReadQuoted<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends '"'
    ? [Name, Rest]
    : C extends '\\'
      ? Rest extends `${infer E}${infer After}`
        ? ReadQuoted<After, `${Name}${E}`>
        : never
      : ReadQuoted<Rest, `${Name}${C}`>
  : never;

/** Reads the name after `:` or `*`: `[name, rest]` (name `''` when there is none). */
type ReadName<S extends string> = S extends `"${infer Rest}`
  ? ReadQuoted<Rest>
  : S extends `${Digit}${string}`
    ? ['', S]
    : ReadId<S>;

/** Accumulated names: required/optional parameters and wildcards. */
interface Found {
  rp: string;
  op: string;
  rw: string;
  ow: string;
}

/** Adds a name to the right bucket, by kind (`:` or `*`) and group depth. */
type Add<F extends Found, Kind, Name extends string, Depth extends unknown[]> = Name extends ''
  ? F
  : Depth extends []
    ? Kind extends ':'
      ? { rp: F['rp'] | Name; op: F['op']; rw: F['rw']; ow: F['ow'] }
      : { rp: F['rp']; op: F['op']; rw: F['rw'] | Name; ow: F['ow'] }
    : Kind extends ':'
      ? { rp: F['rp']; op: F['op'] | Name; rw: F['rw']; ow: F['ow'] }
      : { rp: F['rp']; op: F['op']; rw: F['rw']; ow: F['ow'] | Name };

/** Scans the path one character at a time (tail-recursive: paths up to ~1,000 characters). */
type Scan<S extends string, Depth extends unknown[], F extends Found> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer After}`
      ? Scan<After, Depth, F>
      : F
    : C extends '{'
      ? Scan<Rest, [...Depth, 0], F>
      : C extends '}'
        ? Scan<Rest, Depth extends [unknown, ...infer Outer] ? Outer : [], F>
        : C extends ':' | '*'
          ? ReadName<Rest> extends [infer Name extends string, infer After extends string]
            ? Scan<After, Depth, Add<F, C, Name, Depth>>
            : F
          : Scan<Rest, Depth, F>
  : F;

type Value<K, F extends Found> =
  | (K extends F['rw'] | F['ow'] ? string[] : never)
  | (K extends F['rp'] | F['op'] ? string : never);

type Build<F extends Found> = {
  [K in F['rp'] | F['rw']]: Value<K, F>;
} & {
  [K in Exclude<F['op'] | F['ow'], F['rp'] | F['rw']>]?: Value<K, F>;
};

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The parameters that `match(path)` returns for a path literal: `:id` → `string`, `*splat` →
 * `string[]`, names inside `{...}` optional. A non-literal `string` gives {@link ParamData}.
 *
 * @example
 * type P = Params<'/users/:id{/*rest}'>; //=> { id: string; rest?: string[] }
 * const fn = match<Params<'/users/:id'>>('/users/:id');
 */
export type Params<Path extends string> = string extends Path
  ? ParamData
  : Simplify<Build<Scan<Path, [], { rp: never; op: never; rw: never; ow: never }>>>;

/**
 * The parameter names of a path literal, e.g. `ParamKeys<'/users/:id/*rest'>` is `'id' | 'rest'`.
 * A non-literal `string` gives `string`.
 */
export type ParamKeys<Path extends string> = string extends Path ? string : keyof Params<Path> & string;
