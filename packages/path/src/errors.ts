// Errors of @brisk/path. Every error carries a stable `code`; every code has a section in
// docs/errors.md (the repository's test/errors.test.ts keeps this table and the docs in step).

/**
 * Where the error sections live; each message ends with `; visit <DOCS>#<anchor>`. An absolute
 * URL (the repository's, as in the root package.json) so the link works for installed packages.
 */
const DOCS = 'https://github.com/briskjs/brisk/blob/main/docs/errors.md';

/**
 * Stable error codes of @brisk/path, and the docs/errors.md section (anchor) of each.
 * Path syntax errors are {@link PathError}s; `compile()` throws `TypeError`s and `match()`
 * throws `URIError`s (see {@link MALFORMED_ENCODING}) with one of these codes as `code`.
 */
export const ERRORS = {
  BRISK_ERR_PATH_MISSING_NAME: 'missing-parameter-name',
  BRISK_ERR_PATH_UNTERMINATED_QUOTE: 'unterminated-quote',
  BRISK_ERR_PATH_UNTERMINATED_ESCAPE: 'unterminated-escape',
  BRISK_ERR_PATH_EXPRESS4_SYNTAX: 'express-4-syntax',
  BRISK_ERR_PATH_UNEXPECTED_TOKEN: 'unexpected-token',
  BRISK_ERR_PATH_UNBALANCED_BRACES: 'unbalanced-braces',
  BRISK_ERR_PATH_MISSING_TEXT: 'missing-text-between-parameters',
  BRISK_ERR_PATH_TOO_MANY_COMBINATIONS: 'too-many-path-combinations',
  BRISK_ERR_PATH_INVALID_PATH: 'invalid-path',
  BRISK_ERR_PATH_UNKNOWN_TOKEN: 'unknown-token-type',
  BRISK_ERR_PATH_MISSING_PARAMETERS: 'missing-parameters',
  BRISK_ERR_PATH_INVALID_PARAMETER: 'invalid-parameter-value',
  BRISK_ERR_PATH_MALFORMED_ENCODING: 'malformed-parameter-encoding',
} as const;

/** One of the stable error codes (docs/errors.md lists them). */
export type PathErrorCode = keyof typeof ERRORS;

/**
 * Thrown when a path cannot be parsed or turned into a regexp (a `TypeError`, as in
 * path-to-regexp 8). The message names the problem, where it is (`at index N`, counted in
 * code points, when known), the offending path and the docs/errors.md section that explains
 * the fix: `Unexpected ( at index 5, expected end: /foo(x); visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unexpected-token`.
 *
 * @example
 * try { match('/users/:id?'); } catch (err) {
 *   if (err instanceof PathError) console.error(err.code, err.originalPath);
 * }
 */
export class PathError extends TypeError {
  /** The path as written, when the error comes from a string path (else `undefined`). */
  readonly originalPath: string | undefined;
  /** Stable code, e.g. `BRISK_ERR_PATH_UNEXPECTED_TOKEN`; `undefined` for user-made errors. */
  readonly code: PathErrorCode | undefined;

  /**
   * @param message What went wrong, e.g. `Unterminated quote at index 2`.
   * @param originalPath The path, appended to the message when given.
   * @param code The stable code; selects the docs/errors.md section named in the message.
   */
  constructor(message: string, originalPath: string | undefined, code?: PathErrorCode) {
    const where = originalPath ? `: ${originalPath}` : '';
    super(`${message}${where}; visit ${DOCS}#${code ? ERRORS[code] : 'briskpath'}`);
    this.originalPath = originalPath;
    this.code = code;
  }
}

/** A `TypeError` with a stable `code` and upstream's exact message (compile's errors). */
export function codedTypeError(message: string, code: PathErrorCode): TypeError {
  return Object.assign(new TypeError(message), { code });
}

/**
 * Marks a `URIError` thrown while decoding a matched parameter with the default decoder
 * (`decodeURIComponent`, e.g. `/user/%E0%A4%A`): it keeps its class and message
 * (`URI malformed`) and gains `code: 'BRISK_ERR_PATH_MALFORMED_ENCODING'`, `status: 400`,
 * `statusCode: 400` and `expose: true`, so a router answers 400 Bad Request instead of 500.
 */
export function malformedEncoding(err: unknown): unknown {
  if (err instanceof URIError) {
    Object.assign(err, { code: MALFORMED_ENCODING, status: 400, statusCode: 400, expose: true });
  }
  return err;
}

/** The `code` of the `URIError` that `match()` throws on a malformed percent-encoding. */
export const MALFORMED_ENCODING = 'BRISK_ERR_PATH_MALFORMED_ENCODING';
