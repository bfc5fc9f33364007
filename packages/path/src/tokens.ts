// The token model shared by parse, stringify, compile and pathToRegexp (path-to-regexp 8 shapes).

/** Encode a string into another string (`encodePath`, `encode`). */
export type Encode = (value: string) => string;

/** Decode a string into another string (`decode`). */
export type Decode = (value: string) => string;

/** Plain text: matched literally (case-insensitively unless `sensitive`). */
export interface Text {
  type: 'text';
  value: string;
}

/** A parameter (`:name`): matches one or more characters within a segment. */
export interface Parameter {
  type: 'param';
  name: string;
}

/** A wildcard parameter (`*name`): matches one or more characters across segments. */
export interface Wildcard {
  type: 'wildcard';
  name: string;
}

/** An optional group (`{...}`): its tokens match entirely or not at all. */
export interface Group {
  type: 'group';
  tokens: Token[];
}

/** A token that corresponds with a regexp capture. */
export type Key = Parameter | Wildcard;

/** A sequence of keys, one per capturing group of the regexp. */
export type Keys = Array<Key>;

/** A sequence of path match characters. */
export type Token = Text | Parameter | Wildcard | Group;

/**
 * A parsed path: what `parse()` returns and what `match()`, `compile()`, `pathToRegexp()` and
 * `stringify()` accept in place of a string. A plain `{ tokens, originalPath }` object works too.
 *
 * @example
 * const data = new TokenData([{ type: 'text', value: '/' }, { type: 'param', name: 'id' }], '/[id]');
 * match(data)('/42'); //=> { path: '/42', params: { id: '42' } }
 */
export class TokenData {
  /**
   * @param tokens The tokens of the path.
   * @param originalPath The path as written, shown in error messages.
   */
  constructor(
    readonly tokens: Token[],
    readonly originalPath?: string | undefined,
  ) {}
}

/** A path: a string in the path syntax, or tokens (`TokenData` or a `{ tokens }` object). */
export type Path = string | TokenData;

/** What `match()` and `pathToRegexp()` take: a path or an array of paths (arrays may nest). */
export type Paths = Path | readonly Paths[];

/** Where each parsed token starts (code-point index just after `:`, `*` or `{`), for messages. */
export const positions = new WeakMap<object, number>();
